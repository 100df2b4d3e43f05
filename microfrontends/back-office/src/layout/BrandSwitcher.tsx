import { MenuItem, TextField } from '@mui/material';
import { useRefresh, useRedirect, useTranslate } from 'react-admin';
import { chooseBrand, useStaffSession } from '../session';

/** The brand the staff member works on: every brand-scoped call acts on it. */
export function BrandSwitcher() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const { session, brand } = useStaffSession();
  if (!session || !brand) return null;
  return (
    <TextField
      select
      size="small"
      label={translate('tessera.brand.label')}
      value={brand.slug}
      onChange={(event) => {
        chooseBrand(event.target.value);
        redirect('/');
        refresh();
      }}
      sx={{ minWidth: 140, mx: 1, '& .MuiInputBase-root': { color: 'inherit' }, '& .MuiInputLabel-root': { color: 'inherit' } }}
      slotProps={{ htmlInput: { 'aria-label': translate('tessera.brand.label') } }}
    >
      {session.brands.map((one) => (
        <MenuItem key={one.slug} value={one.slug}>
          {one.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
