// The brand's settings staff keep here: maintenance windows, the maker-checker threshold, register
// field and region policy overrides. Everything else stays in the brand's reviewed tenant folder.
import { useState } from 'react';
import { Alert, Card, CardContent, Tab, Tabs } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { ApprovalThreshold } from './ApprovalThreshold';
import { MaintenanceWindows } from './MaintenanceWindows';
import { RegionPolicy } from './RegionPolicy';
import { RegisterFields } from './RegisterFields';

export const SECTIONS = ['maintenance', 'threshold', 'register', 'region'] as const;
type Section = (typeof SECTIONS)[number];

export function BrandSettings() {
  const translate = useTranslate();
  const [section, setSection] = useState<Section>('maintenance');
  return (
    <Card sx={{ mt: 1 }}>
      <Title title="resources.settings.name" />
      <Tabs value={section} onChange={(_, chosen: Section) => setSection(chosen)} variant="scrollable" allowScrollButtonsMobile>
        {SECTIONS.map((name) => (
          <Tab key={name} value={name} label={translate(`tessera.settings.tabs.${name}`)} />
        ))}
      </Tabs>
      <CardContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('tessera.settings.folder_note')}
        </Alert>
        {section === 'maintenance' ? <MaintenanceWindows /> : null}
        {section === 'threshold' ? <ApprovalThreshold /> : null}
        {section === 'register' ? <RegisterFields /> : null}
        {section === 'region' ? <RegionPolicy /> : null}
      </CardContent>
    </Card>
  );
}
