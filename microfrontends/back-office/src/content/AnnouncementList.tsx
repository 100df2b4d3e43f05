// The brand's announcements, the folder's and the back office's, newest first: the back office's
// open to change, the folder's to read.
import {
  BooleanField,
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  NumberField,
  SelectField,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { usePhone } from '../common/usePhone';
import { ANNOUNCEMENT_TYPES, openContent } from './body';
import { Window } from './Window';

const TYPES = ANNOUNCEMENT_TYPES.map((id) => ({ id, name: `tessera.content.type.${id}` }));
const SOURCES = ['backoffice', 'folder'].map((id) => ({ id, name: `tessera.content.source.${id}` }));

const filters = [
  <SelectInput key="type" source="type" choices={TYPES} alwaysOn />,
  <SelectInput key="source" source="source" choices={SOURCES} alwaysOn />,
];

const languages = (record: RaRecord) => Object.keys(record.texts ?? {}).join(', ');
const firstTitle = (record: RaRecord) => (Object.values(record.texts ?? {}) as { title: string }[])[0]?.title ?? record.key;

export function AnnouncementList() {
  const phone = usePhone();
  return (
    <List filters={filters} actions={<TopToolbar><CreateButton /></TopToolbar>} perPage={50}>
      {phone ? (
        <SimpleList
          primaryText={firstTitle}
          secondaryText={(record) => `${record.type} · ${languages(record)}`}
          tertiaryText={(record) => record.source}
          linkType={(record) => openContent(record)}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={(_id, _resource, record) => openContent(record)}>
          <FunctionField source="title" render={firstTitle} sortable={false} />
          <SelectField source="type" choices={TYPES} sortable={false} />
          <SelectField source="source" choices={SOURCES} sortable={false} />
          <FunctionField source="languages" render={languages} sortable={false} />
          <FunctionField source="window" render={() => <Window />} sortable={false} />
          <BooleanField source="showing" sortable={false} />
          <NumberField source="position" sortable={false} />
          <TextField source="updatedBy" emptyText="—" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
