// The networks the brand's staff may act from (none: anywhere), replaced as a whole. The API
// refuses a list leaving out the address the staff member works from, and its refusals (an invalid
// network, too many) are shown above the form.
import { useState } from 'react';
import { Alert, Card, CardContent, LinearProgress, Stack } from '@mui/material';
import {
  ArrayInput,
  Datagrid,
  DateField,
  Form,
  RecordContextProvider,
  ResourceContextProvider,
  SaveButton,
  SimpleFormIterator,
  SimpleList,
  TextField,
  TextInput,
  Title,
  ArrayField,
  maxLength,
  required,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { usePhone } from '../common/usePhone';
import type { BackOfficeDataProvider } from '../dataProvider';
import { useBrandRead } from '../common/useBrandRead';

export const ALLOWED_NETWORKS = '/settings/allowed-networks';

interface AllowedNetwork {
  network: string;
  label: string | null;
  createdBy: string;
  createdAt: string;
}

function Allowed({ items }: { items: AllowedNetwork[] }) {
  const phone = usePhone();
  const translate = useTranslate();
  if (items.length === 0) return <Alert severity="info">{translate('tessera.networks.anywhere')}</Alert>;
  return (
    <RecordContextProvider value={{ id: 'networks', items: items.map((item) => ({ ...item, id: item.network })) }}>
      <ArrayField source="items">
        {phone ? (
          <SimpleList primaryText={(row) => row.network} secondaryText={(row) => row.label ?? ''} tertiaryText={(row) => row.createdBy} linkType={false} />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="network" sortable={false} />
            <TextField source="label" emptyText="—" sortable={false} />
            <TextField source="createdBy" sortable={false} />
            <DateField source="createdAt" showTime sortable={false} />
          </Datagrid>
        )}
      </ArrayField>
    </RecordContextProvider>
  );
}

export function AllowedNetworks() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { data } = useBrandRead<{ items: AllowedNetwork[] }>(ALLOWED_NETWORKS);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = async (form: Record<string, unknown>) => {
    const rows = (form.networks ?? []) as { network: string; label?: string | null }[];
    const networks = rows.map(({ network, label }) => ({ network: network.trim(), label: label?.trim() || null }));
    try {
      await dataProvider.act(ALLOWED_NETWORKS, { networks }, 'PUT');
      setRefusal(null);
      notify('tessera.actions.done', { type: 'success' });
      refresh();
    } catch (refused) {
      const message = (refused as Error).message || 'tessera.errors.unreachable';
      setRefusal(message);
      notify(message, { type: 'error' });
    }
  };
  return (
    <ResourceContextProvider value="allowedNetworks">
      <Card sx={{ mt: 1 }}>
        <Title title="resources.allowedNetworks.name" />
        <CardContent>
          <Stack spacing={2}>
            <Alert severity="warning">{translate('tessera.networks.warning')}</Alert>
            {data ? <Allowed items={data.items} /> : <LinearProgress />}
            {refusal ? (
              <Alert severity="error" role="alert">
                {translate(refusal, { _: refusal })}
              </Alert>
            ) : null}
            {data ? (
              <Form record={{ networks: data.items.map(({ network, label }) => ({ network, label })) }} onSubmit={save}>
                <ArrayInput source="networks" label="tessera.networks.edit">
                  <SimpleFormIterator inline disableReordering>
                    <TextInput source="network" validate={[required(), maxLength(43)]} helperText="tessera.networks.network_help" />
                    <TextInput source="label" validate={maxLength(100)} helperText={false} />
                  </SimpleFormIterator>
                </ArrayInput>
                <SaveButton />
              </Form>
            ) : null}
          </Stack>
        </CardContent>
      </Card>
    </ResourceContextProvider>
  );
}
