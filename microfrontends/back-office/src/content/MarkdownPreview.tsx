// What members would see of the Markdown being written: the server's own rendering (the preview
// call), asked again a moment after the writing stops.
import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useDataProvider, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider } from '../dataProvider';

export const PREVIEW_DELAY_MS = 400;

/** ``value`` once it has stayed the same for ``delay`` milliseconds. */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export function MarkdownPreview({ source }: { source: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const content = useSettled((useWatch({ name: source }) as string | undefined) ?? '', PREVIEW_DELAY_MS);
  const written = content.trim() !== '';
  const preview = useQuery({
    queryKey: ['announcement-preview', content],
    queryFn: async () => (await dataProvider.act<{ html: string }>('/announcement-preview', { content })).value.html,
    enabled: written,
  });
  return (
    <Box component="section" aria-label={translate('tessera.content.preview')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minHeight: 80 }}>
      <Typography variant="caption" color="text.secondary">
        {translate('tessera.content.preview')}
      </Typography>
      {/* The server's HTML, made from Markdown without raw HTML: what members see. */}
      <div dangerouslySetInnerHTML={{ __html: written ? (preview.data ?? '') : '' }} />
    </Box>
  );
}
