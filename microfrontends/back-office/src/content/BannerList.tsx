// The brand's banners, the folder's and the back office's, by route group and position.
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
import { BANNER_GROUPS, openContent } from './body';
import { BannerThumbnail, Thumbnail } from './images';
import { Window } from './Window';

export const GROUPS = BANNER_GROUPS.map((id) => ({ id, name: `tessera.content.group.${id}` }));
const SOURCES = ['backoffice', 'folder'].map((id) => ({ id, name: `tessera.content.source.${id}` }));

const filters = [<SelectInput key="group" source="group" choices={GROUPS} alwaysOn />];
const languages = (record: RaRecord) => Object.keys(record.titles ?? {}).join(', ');

export function BannerList() {
  const phone = usePhone();
  return (
    <List filters={filters} actions={<TopToolbar><CreateButton /></TopToolbar>} perPage={50}>
      {phone ? (
        <SimpleList
          leftAvatar={(record) => <Thumbnail image={record.image} size={40} />}
          primaryText={(record) => record.group}
          secondaryText={(record) => record.link ?? ''}
          tertiaryText={(record) => record.source}
          linkType={(record) => openContent(record)}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={(_id, _resource, record) => openContent(record)}>
          <FunctionField source="image" render={() => <BannerThumbnail />} sortable={false} />
          <SelectField source="group" choices={GROUPS} sortable={false} />
          <SelectField source="source" choices={SOURCES} sortable={false} />
          <TextField source="link" emptyText="—" sortable={false} />
          <FunctionField source="languages" render={languages} sortable={false} />
          <FunctionField source="window" render={() => <Window />} sortable={false} />
          <BooleanField source="showing" sortable={false} />
          <NumberField source="position" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
