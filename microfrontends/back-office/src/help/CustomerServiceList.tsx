// The brand's customer-service entries by position: the folder's (its plugins', to read) and the
// staff's (to change); a folder's entry opens read-only.
import { CreateButton, Datagrid, FunctionField, List, NumberField, SelectField, SimpleList, TextField, TopToolbar, type RaRecord } from 'react-admin';
import { usePhone } from '../common/usePhone';
import { SOURCES } from './HelpArticleList';

export const titles = (record: RaRecord) =>
  Object.entries((record.titles ?? {}) as Record<string, string>)
    .map(([language, title]) => `${language}: ${title}`)
    .join(' · ');

export function CustomerServiceList() {
  const phone = usePhone();
  return (
    <List actions={<TopToolbar><CreateButton /></TopToolbar>} perPage={50} exporter={false}>
      {phone ? (
        <SimpleList primaryText={titles} secondaryText={(record) => record.type} tertiaryText={(record) => record.url} linkType="edit" />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick="edit">
          <FunctionField source="titles" render={titles} sortable={false} />
          <TextField source="type" sortable={false} />
          <TextField source="url" sortable={false} />
          <SelectField source="source" choices={SOURCES} sortable={false} />
          <NumberField source="position" sortable={false} />
          <TextField source="updatedBy" emptyText="—" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
