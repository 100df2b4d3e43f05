import { useMediaQuery, type Theme } from '@mui/material';

/** Whether the screen is a phone's: lists show as simple lists there, not tables. */
export function usePhone(): boolean {
  return useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
}
