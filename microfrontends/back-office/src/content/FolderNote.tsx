import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Why a folder item cannot be changed here. */
export function FolderNote() {
  const translate = useTranslate();
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {translate('tessera.content.folder_note')}
    </Alert>
  );
}
