// The brand's feedback and complaints, newest first, filtered by status, type, member and days;
// it opens on those waiting for the brand (open).
import { Datagrid, DateField, DateInput, List, NumberField, SelectField, SelectInput, SimpleList, TextField, TextInput, useTranslate } from 'react-admin';
import { usePhone } from '../common/usePhone';
import { statusChoices, typeChoices } from './choices';

const filters = [
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <SelectInput key="type" source="type" choices={typeChoices} alwaysOn />,
  <TextInput key="member" source="member" />,
  <DateInput key="from" source="from" />,
  <DateInput key="to" source="to" />,
];

export function FeedbackList() {
  const phone = usePhone();
  const translate = useTranslate();
  return (
    <List filters={filters} filterDefaultValues={{ status: 'open' }} perPage={50} exporter={false}>
      {phone ? (
        <SimpleList
          primaryText={(feedback) => feedback.content}
          secondaryText={(feedback) =>
            `${translate(`tessera.feedback.type.${feedback.type}`)} · ${translate(`tessera.feedback.status.${feedback.status}`)} · ${feedback.username ?? translate('tessera.feedback.visitor')}`
          }
          tertiaryText={(feedback) => new Date(feedback.createdAt).toLocaleString()}
          linkType="show"
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick="show">
          <DateField source="createdAt" showTime sortable={false} />
          <SelectField source="type" choices={typeChoices} sortable={false} />
          <SelectField source="status" choices={statusChoices} sortable={false} />
          <TextField source="username" emptyText={translate('tessera.feedback.visitor')} sortable={false} />
          <TextField source="content" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }} sortable={false} />
          <NumberField source="imageCount" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
