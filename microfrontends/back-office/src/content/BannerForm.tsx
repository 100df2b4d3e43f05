// A banner's form: its route group, image, link, alt text per language of the brand, window and
// position.
import { Grid } from '@mui/material';
import { DateTimeInput, NumberInput, SelectInput, SimpleForm, TextInput, maxLength, required, useRecordContext } from 'react-admin';
import { ContentToolbar } from './AnnouncementForm';
import { GROUPS } from './BannerList';
import { ImagePicker } from './images';
import { LanguageTabs } from './LanguageTabs';
import { useBrandLanguages } from './languages';

export function BannerForm() {
  const record = useRecordContext();
  const languages = useBrandLanguages(record);
  return (
    <SimpleForm toolbar={<ContentToolbar />} defaultValues={{ group: 'home', position: 0 }}>
      <Grid container columnSpacing={2} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SelectInput source="group" choices={GROUPS} validate={required()} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 8 }}>
          <TextInput source="link" validate={maxLength(500)} helperText="tessera.content.link_help" fullWidth />
        </Grid>
        <Grid size={12}>
          <ImagePicker />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <DateTimeInput source="startsAt" fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <DateTimeInput source="endsAt" fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <NumberInput source="position" min={0} max={9999} fullWidth />
        </Grid>
      </Grid>
      <LanguageTabs
        languages={languages}
        render={(language) => (
          <TextInput source={`titles.${language}`} label="resources.banners.fields.title" validate={maxLength(200)} fullWidth />
        )}
      />
    </SimpleForm>
  );
}
