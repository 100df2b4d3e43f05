// The regions members may use the brand from, as staff set them over the tenant folder's: each list
// set here or left to the folder's, and what to do with a member whose region is unknown.
import { Stack, Typography } from '@mui/material';
import { BooleanInput, Form, SaveButton, SelectInput, TextArrayInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useAct } from '../common/useAct';
import { useBrandRead } from '../common/useBrandRead';

export const REGION_POLICY = '/region-policy';

interface Policy {
  blockedRegions: string[] | null;
  allowedRegions: string[] | null;
  unknownRegion: 'allow' | 'block' | null;
}
interface Region {
  folder: Policy;
  overrides: Policy;
  effective: Policy;
}

const LISTS = ['blockedRegions', 'allowedRegions'] as const;
const CODE = /^[A-Za-z]{2}$/;
const unknownChoices = ['allow', 'block'].map((id) => ({ id, name: `tessera.settings.region.unknown.${id}` }));

const codes = (value: unknown) => (Array.isArray(value) && value.some((code) => !CODE.test(String(code).trim())) ? 'tessera.settings.region.code_rule' : undefined);

function RegionList({ list, region }: { list: (typeof LISTS)[number]; region: Region }) {
  const translate = useTranslate();
  const own = useWatch({ name: `own.${list}` });
  const shown = (codes: string[] | null) => (codes && codes.length > 0 ? codes.join(', ') : translate('tessera.settings.region.none'));
  return (
    <Stack>
      <BooleanInput source={`own.${list}`} label={`tessera.settings.region.own.${list}`} helperText={false} />
      {own ? (
        <TextArrayInput source={list} label={`tessera.settings.region.${list}`} validate={codes} helperText="tessera.settings.region.code_rule" />
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {translate('tessera.settings.region.folder_and_now', { folder: shown(region.folder[list]), now: shown(region.effective[list]) })}
      </Typography>
    </Stack>
  );
}

export function RegionPolicy() {
  const act = useAct();
  const translate = useTranslate();
  const { data } = useBrandRead<Region>(REGION_POLICY);
  if (!data) return null;
  const record = {
    own: { blockedRegions: data.overrides.blockedRegions !== null, allowedRegions: data.overrides.allowedRegions !== null },
    blockedRegions: data.overrides.blockedRegions ?? data.folder.blockedRegions ?? [],
    allowedRegions: data.overrides.allowedRegions ?? data.folder.allowedRegions ?? [],
    unknownRegion: data.overrides.unknownRegion ?? '',
  };
  const save = async (form: Record<string, unknown>) => {
    const own = (form.own ?? {}) as Record<string, boolean>;
    const body: Record<string, unknown> = { unknownRegion: form.unknownRegion || null };
    for (const list of LISTS) {
      body[list] = own[list] ? [...new Set(((form[list] ?? []) as string[]).map((code) => code.trim().toUpperCase()))] : null;
    }
    await act(REGION_POLICY, body, 'PUT'); // nothing returned: react-admin would read it as the fields' errors
  };
  return (
    <Form record={record} onSubmit={save}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {translate('tessera.settings.region.help')}
        </Typography>
        {LISTS.map((list) => (
          <RegionList key={list} list={list} region={data} />
        ))}
        <SelectInput
          source="unknownRegion"
          label="tessera.settings.region.unknownRegion"
          choices={unknownChoices}
          emptyText="tessera.settings.register.as_folder"
          helperText={translate('tessera.settings.register.folder_value', { value: translate(`tessera.settings.region.unknown.${data.folder.unknownRegion ?? 'allow'}`) })}
        />
        <SaveButton />
      </Stack>
    </Form>
  );
}
