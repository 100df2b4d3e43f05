// The brand's help centre in reading order: the folder's sections (to read) and the staff's
// articles (to change); a folder's section opens read-only.
import { CreateButton, Datagrid, FunctionField, List, NumberField, SelectField, SelectInput, SimpleList, TextField, TopToolbar, type RaRecord } from 'react-admin';
import { usePhone } from '../common/usePhone';

export const SOURCES = ['backoffice', 'folder'].map((id) => ({ id, name: `tessera.content.source.${id}` }));

const filters = [<SelectInput key="source" source="source" choices={SOURCES} alwaysOn />];
const languages = (record: RaRecord) => Object.keys(record.texts ?? {}).join(', ');
const firstTitle = (record: RaRecord) => (Object.values(record.texts ?? {}) as { title: string }[])[0]?.title ?? record.key;

export function HelpArticleList() {
  const phone = usePhone();
  return (
    <List filters={filters} actions={<TopToolbar><CreateButton /></TopToolbar>} perPage={50} exporter={false}>
      {phone ? (
        <SimpleList
          primaryText={firstTitle}
          secondaryText={languages}
          tertiaryText={(record) => `#${record.position}`}
          linkType="edit"
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick="edit">
          <FunctionField source="title" render={firstTitle} sortable={false} />
          <SelectField source="source" choices={SOURCES} sortable={false} />
          <FunctionField source="languages" render={languages} sortable={false} />
          <NumberField source="position" sortable={false} />
          <TextField source="updatedBy" emptyText="—" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
