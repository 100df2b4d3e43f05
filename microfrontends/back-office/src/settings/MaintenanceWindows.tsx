// The brand's maintenance windows, latest first: one scheduled (now when no start is given, until
// ended when no end is), one not yet over ended now (one not started is called off).
import { Stack, Typography } from '@mui/material';
import {
  BooleanField,
  Datagrid,
  DateField,
  DateTimeInput,
  Form,
  List,
  ResourceContextProvider,
  SaveButton,
  SimpleList,
  TextField,
  TextInput,
  WithRecord,
  maxLength,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ActionButton } from '../common/ActionButton';
import { useAct } from '../common/useAct';
import { usePhone } from '../common/usePhone';

const RESOURCE = 'maintenanceWindows';

/** A moment from the form as the API takes it (RFC 3339), or null when not given. */
function moment(value: unknown): string | null {
  return value ? new Date(String(value)).toISOString() : null;
}

const notOver = (window: RaRecord) => !window.endsAt || new Date(window.endsAt).getTime() > Date.now();

const endNow = (window: RaRecord) => (notOver(window) ? <ActionButton path="/maintenance-windows" action="end" color="error" /> : null);

function ScheduleForm() {
  const translate = useTranslate();
  const act = useAct();
  // react-admin reads what a submission returns as the fields' errors: nothing is returned.
  const schedule = async (form: Record<string, unknown>) => {
    await act('/maintenance-windows', { startsAt: moment(form.startsAt), endsAt: moment(form.endsAt), info: String(form.info ?? '').trim() || null });
  };
  return (
    <ResourceContextProvider value={RESOURCE}>
    <Form onSubmit={schedule}>
      <Typography variant="subtitle1">{translate('tessera.settings.maintenance.schedule')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <DateTimeInput source="startsAt" helperText="tessera.settings.maintenance.starts_help" />
        <DateTimeInput source="endsAt" helperText="tessera.settings.maintenance.ends_help" />
      </Stack>
      <TextInput source="info" multiline minRows={2} fullWidth validate={maxLength(2000)} helperText="tessera.settings.maintenance.info_help" />
      <SaveButton label="tessera.settings.maintenance.schedule" alwaysEnable />
    </Form>
    </ResourceContextProvider>
  );
}

export function MaintenanceWindows() {
  const phone = usePhone();
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <List resource={RESOURCE} title={false} actions={false} exporter={false} perPage={10} disableSyncWithLocation storeKey={false} empty={false}>
        {phone ? (
          <SimpleList
            primaryText={(window) => window.info ?? '—'}
            secondaryText={(window) => `${new Date(window.startsAt).toLocaleString()} → ${window.endsAt ? new Date(window.endsAt).toLocaleString() : translate('tessera.settings.maintenance.until_ended')}`}
            tertiaryText={(window) => (window.open ? translate('tessera.settings.maintenance.open') : '')}
            rightIcon={endNow}
            linkType={false}
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <DateField source="startsAt" showTime sortable={false} />
            <DateField source="endsAt" showTime emptyText={translate('tessera.settings.maintenance.until_ended')} sortable={false} />
            <TextField source="info" emptyText="—" sortable={false} />
            <BooleanField source="open" sortable={false} />
            <WithRecord label="tessera.fields.actions" render={endNow} />
          </Datagrid>
        )}
      </List>
      <ScheduleForm />
    </Stack>
  );
}
