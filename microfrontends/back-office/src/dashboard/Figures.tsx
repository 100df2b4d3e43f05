import { Card, CardContent, Grid, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AMOUNTS, COUNTS, amount, type PnlTotals } from '../reports/figures';

const SHOWN = [...AMOUNTS, 'newMembers', 'activeMembers'] as const;

/** The figures of today or of the period, a card each. */
export function Figures({ title, totals, currency }: { title: string; totals: PnlTotals; currency: string }) {
  const translate = useTranslate();
  return (
    <section aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
        {title}
      </Typography>
      <Grid container spacing={1}>
        {SHOWN.map((field) => (
          <Grid key={field} size={{ xs: 6, sm: 4, md: 3, lg: 'grow' }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {translate(`resources.reports.fields.${field}`)}
                </Typography>
                <Typography variant="h6" component="p" data-figure={field}>
                  {(COUNTS as readonly string[]).includes(field)
                    ? String(totals[field])
                    : `${amount(totals[field as keyof PnlTotals] as string)}`}
                </Typography>
                {(AMOUNTS as readonly string[]).includes(field) ? (
                  <Typography variant="caption" color="text.secondary">
                    {currency}
                  </Typography>
                ) : null}
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </section>
  );
}
