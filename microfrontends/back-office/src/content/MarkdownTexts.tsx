// A content item's texts in each of the brand's languages: a title and a Markdown body, previewed
// beside it as members will read it (announcements, help articles).
import { Grid } from '@mui/material';
import { TextInput, maxLength } from 'react-admin';
import { LanguageTabs } from './LanguageTabs';
import { MarkdownPreview } from './MarkdownPreview';

export function MarkdownTexts({ languages, resource }: { languages: string[]; resource: string }) {
  return (
    <LanguageTabs
      languages={languages}
      render={(language) => (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextInput source={`texts.${language}.title`} label={`resources.${resource}.fields.title`} validate={maxLength(200)} fullWidth />
            <TextInput
              source={`texts.${language}.content`}
              label={`resources.${resource}.fields.content`}
              validate={maxLength(20000)}
              multiline
              minRows={8}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <MarkdownPreview source={`texts.${language}.content`} />
          </Grid>
        </Grid>
      )}
    />
  );
}
