import { useRecordContext, useTranslate } from 'react-admin';

/** When an item shows: from its start to its end (open-ended without one). */
export function Window() {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  const at = (moment: string | null) => (moment ? new Date(moment).toLocaleString() : null);
  return (
    <span>
      {at(record.startsAt) ?? translate('tessera.content.always')} – {at(record.endsAt) ?? translate('tessera.content.open_ended')}
    </span>
  );
}
