import { useState, type ReactNode } from 'react';
import { Box, Tab, Tabs } from '@mui/material';

/** One tab per language of the brand, each with the fields ``render`` gives for it; every tab's
 * fields stay mounted (hidden) so what is typed in one survives switching to another. */
export function LanguageTabs({ languages, render }: { languages: string[]; render: (language: string) => ReactNode }) {
  const [shown, setShown] = useState(0);
  const current = Math.min(shown, languages.length - 1);
  return (
    <Box sx={{ width: '100%' }}>
      <Tabs value={current} onChange={(_, index: number) => setShown(index)} variant="scrollable" allowScrollButtonsMobile>
        {languages.map((language) => (
          <Tab key={language} label={language} />
        ))}
      </Tabs>
      {languages.map((language, index) => (
        <Box key={language} role="tabpanel" hidden={index !== current} sx={{ pt: 2 }}>
          {render(language)}
        </Box>
      ))}
    </Box>
  );
}
