// The member register form's fields as staff set them over the tenant folder's: each setting left
// empty takes the folder's (shown beside it); the form follows the fields the API answers.
import { Box, Stack, Typography } from '@mui/material';
import { Form, NumberInput, SaveButton, SelectInput, TextInput, maxLength, maxValue, minValue, useTranslate } from 'react-admin';
import { useAct } from '../common/useAct';
import { useBrandRead } from '../common/useBrandRead';

export const REGISTER_SETTINGS = '/register-settings';

interface FieldSettings {
  enabled: boolean;
  required: boolean;
  patternId: string;
  minLength: number;
  maxLength: number;
}
type Overrides = Record<string, Partial<FieldSettings>>;
interface Register {
  folder: Record<string, FieldSettings>;
  overrides: Overrides;
  effective: Record<string, FieldSettings>;
}

const SWITCHES = ['enabled', 'required'] as const;
const LENGTHS = ['minLength', 'maxLength'] as const;
const yesNo = [
  { id: 'true', name: 'ra.boolean.true' },
  { id: 'false', name: 'ra.boolean.false' },
];

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The form's values (switches as 'true'/'false') from staff's overrides, and back. */
function formValues(overrides: Overrides) {
  const fields: Record<string, Record<string, unknown>> = {};
  for (const [name, settings] of Object.entries(overrides)) {
    fields[name] = { ...settings };
    for (const key of SWITCHES) if (given(settings[key])) fields[name][key] = String(settings[key]);
  }
  return { fields };
}

function overridesOf(form: Record<string, unknown>, names: string[]): Overrides {
  const values = (form.fields ?? {}) as Record<string, Record<string, unknown>>;
  const fields: Overrides = {};
  for (const name of names) {
    const settings: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values[name] ?? {})) {
      if (!given(value)) continue;
      if ((SWITCHES as readonly string[]).includes(key)) settings[key] = value === 'true';
      else if ((LENGTHS as readonly string[]).includes(key)) settings[key] = Number(value);
      else settings[key] = String(value).trim();
    }
    if (Object.keys(settings).length > 0) fields[name] = settings;
  }
  return fields;
}

function FieldRow({ name, folder }: { name: string; folder: FieldSettings }) {
  const translate = useTranslate();
  const folders = (value: unknown) =>
    translate('tessera.settings.register.folder_value', { value: typeof value === 'boolean' ? translate(`ra.boolean.${value}`) : String(value) });
  const source = (key: keyof FieldSettings) => `fields.${name}.${key}`;
  const label = (key: keyof FieldSettings) => `tessera.settings.register.${key}`;
  return (
    <Box component="section" aria-label={name} sx={{ borderBottom: 1, borderColor: 'divider', py: 1 }}>
      <Typography variant="subtitle2">{name}</Typography>
      <Stack direction="row" columnGap={2} flexWrap="wrap" useFlexGap>
        {SWITCHES.map((key) => (
          <SelectInput key={key} source={source(key)} label={label(key)} choices={yesNo} emptyText="tessera.settings.register.as_folder" sx={{ minWidth: 150 }} helperText={folders(folder[key])} />
        ))}
        <TextInput source={source('patternId')} label={label('patternId')} validate={maxLength(40)} helperText={folders(folder.patternId)} sx={{ width: 180 }} />
        {LENGTHS.map((key) => (
          <NumberInput
            key={key}
            source={source(key)}
            label={label(key)}
            min={key === 'minLength' ? 0 : 1}
            max={255}
            validate={[minValue(key === 'minLength' ? 0 : 1), maxValue(255)]}
            helperText={folders(folder[key])}
            sx={{ width: 130 }}
          />
        ))}
      </Stack>
    </Box>
  );
}

export function RegisterFields() {
  const act = useAct();
  const translate = useTranslate();
  const { data } = useBrandRead<Register>(REGISTER_SETTINGS);
  if (!data) return null;
  const names = Object.keys(data.folder);
  return (
    <Form record={formValues(data.overrides)} onSubmit={async (form: Record<string, unknown>) => {
        await act(REGISTER_SETTINGS, { fields: overridesOf(form, names) }, 'PUT');
      }}>
      <Typography variant="body2" color="text.secondary">
        {translate('tessera.settings.register.help')}
      </Typography>
      {names.map((name) => (
        <FieldRow key={name} name={name} folder={data.folder[name]} />
      ))}
      <SaveButton sx={{ mt: 2 }} />
    </Form>
  );
}
