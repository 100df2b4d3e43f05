// An announcement's form: its type, window and position, and per language of the brand a title
// and Markdown content with a live preview of what members will see.
import { Grid } from '@mui/material';
import {
  DateTimeInput,
  DeleteButton,
  FormDataConsumer,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  required,
  useRecordContext,
} from 'react-admin';
import { ANNOUNCEMENT_TYPES } from './body';
import { MarkdownTexts } from './MarkdownTexts';
import { useBrandLanguages } from './languages';

const TYPES = ANNOUNCEMENT_TYPES.map((id) => ({ id, name: `tessera.content.type.${id}` }));

/** Save, and (once it exists) delete after a confirmation. */
export function ContentToolbar() {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {record ? <DeleteButton mutationMode="pessimistic" /> : null}
    </Toolbar>
  );
}

export function AnnouncementForm() {
  const record = useRecordContext();
  const languages = useBrandLanguages(record);
  return (
    <SimpleForm toolbar={<ContentToolbar />} defaultValues={{ type: 'PL', position: 0, startsAt: new Date() }}>
      <Grid container columnSpacing={2} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <SelectInput source="type" choices={TYPES} validate={required()} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <DateTimeInput source="startsAt" validate={required()} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <DateTimeInput source="endsAt" fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <NumberInput source="position" min={0} max={9999} fullWidth />
        </Grid>
        <FormDataConsumer>
          {({ formData }) =>
            formData.type === 'PR' ? (
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput source="promotionType" validate={maxLength(40)} fullWidth />
              </Grid>
            ) : null
          }
        </FormDataConsumer>
      </Grid>
      <MarkdownTexts languages={languages} resource="announcements" />
    </SimpleForm>
  );
}
