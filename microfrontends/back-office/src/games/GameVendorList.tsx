// The brand's game vendors in the lobby's order: each enabled, disabled or put in maintenance (for a
// window, with a message), and placed in its lane.
import {
  BooleanField,
  Datagrid,
  DateTimeInput,
  FormDataConsumer,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  SelectField,
  SelectInput,
  SimpleList,
  TextField,
  TextInput,
  maxLength,
  required,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useAct } from '../common/useAct';
import { usePhone } from '../common/usePhone';
import { ChangeDialog } from './ChangeDialog';
import { laneChoices, stateChoices } from './choices';

function moment(value: unknown): string | null {
  return value ? new Date(value as string).toISOString() : null;
}

/** The contract's vendor form: the window and message only for maintenance; the place kept as it is
 * unless changed (an empty one is the vendors' own order). */
export function vendorBody(values: Record<string, unknown>) {
  const maintenance = values.state === 'maintenance';
  const message = typeof values.maintenanceMessage === 'string' ? values.maintenanceMessage.trim() : '';
  const position = values.position;
  return {
    state: values.state,
    maintenance: maintenance
      ? { from: moment(values.maintenanceFrom), until: moment(values.maintenanceUntil), message: message || null }
      : null,
    position: position === null || position === undefined || position === '' ? null : Number(position),
  };
}

function Maintenance() {
  const translate = useTranslate();
  const vendor = useRecordContext();
  if (!vendor || vendor.state !== 'maintenance') return null;
  const at = (value: string | null) => (value ? new Date(value).toLocaleString() : null);
  const window = `${at(vendor.maintenanceFrom) ?? translate('tessera.content.always')} – ${at(vendor.maintenanceUntil) ?? translate('tessera.content.open_ended')}`;
  return <span>{vendor.maintenanceMessage ? `${window} · ${vendor.maintenanceMessage}` : window}</span>;
}

function ChangeVendor() {
  const translate = useTranslate();
  const act = useAct();
  return (
    <ChangeDialog
      title={(vendor) => translate('tessera.games.change_one', { name: vendor.displayName })}
      onSave={async (values, vendor) =>
        (await act(`/game-vendors/${encodeURIComponent(String(vendor.vassalage))}`, vendorBody(values), 'PUT')) !== undefined
      }
    >
      <SelectInput source="state" choices={stateChoices} validate={required()} fullWidth />
      <FormDataConsumer>
        {({ formData }) =>
          formData.state === 'maintenance' ? (
            <>
              <DateTimeInput source="maintenanceFrom" fullWidth />
              <DateTimeInput source="maintenanceUntil" fullWidth helperText="tessera.games.window_help" />
              <TextInput source="maintenanceMessage" validate={maxLength(500)} multiline fullWidth />
            </>
          ) : null
        }
      </FormDataConsumer>
      <NumberInput source="position" min={0} max={9999} step={1} fullWidth helperText="tessera.games.position_help" />
    </ChangeDialog>
  );
}

const secondary = (translate: (key: string) => string) => (vendor: RaRecord) =>
  `${translate(`tessera.games.lane.${vendor.lane}`)} · ${translate(`tessera.games.state.${vendor.state}`)}`;

export function GameVendorList() {
  const phone = usePhone();
  const translate = useTranslate();
  return (
    <List pagination={false} perPage={1000} exporter={false}>
      {phone ? (
        <SimpleList
          primaryText={(vendor) => vendor.displayName}
          secondaryText={secondary(translate)}
          tertiaryText={(vendor) => (vendor.position === null ? '' : `#${vendor.position}`)}
          rightIcon={() => <ChangeVendor />}
          linkType={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="displayName" sortable={false} />
          <TextField source="vassalage" sortable={false} />
          <SelectField source="lane" choices={laneChoices} sortable={false} />
          <SelectField source="state" choices={stateChoices} sortable={false} />
          <BooleanField source="inMaintenance" sortable={false} />
          <FunctionField source="maintenance" render={() => <Maintenance />} sortable={false} />
          <NumberField source="position" emptyText="—" sortable={false} />
          <NumberField source="gameCount" sortable={false} />
          <FunctionField label="tessera.fields.actions" render={() => <ChangeVendor />} />
        </Datagrid>
      )}
    </List>
  );
}
