import { DateTimeInput, SelectInput, TextInput } from 'react-admin';

export const PAYMENT_STATUSES = ['pending', 'approved', 'paid', 'rejected'];

export function paymentFilters(statuses: string[]) {
  return [
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      choices={statuses.map((id) => ({ id, name: `tessera.payments.status.${id}` }))}
    />,
    <TextInput key="member" source="member" alwaysOn />,
    <DateTimeInput key="from" source="from" />,
    <DateTimeInput key="to" source="to" />,
  ];
}
