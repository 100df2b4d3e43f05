import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { dateZone, dayOf, numberFormat, zoneLabel } from '@tessera/kit';
import { NAMESPACE } from '../translations';
import type { DateRange } from './api';
import {
  brandToday,
  canStep,
  DATE_PRESETS,
  DATE_STEPS,
  isValidRange,
  presetOf,
  presetRange,
  stepRange,
  type DatePreset,
  type StepDirection,
} from './dates';

const DIRECTIONS: StepDirection[] = ['previous', 'next'];

/**
 * The record pages' dates: preset buttons (today, last 7 days, last 30 days), buttons that move
 * the chosen days to the previous or next 7 or 30 days (never past today), and the start and end
 * days, both inclusive, counted in the zone said under them (the brand's, or the member's own when
 * the brand says so). A start after the end is said under them.
 */
export function DatePresets({ range, onChange }: { range: DateRange; onChange: (range: DateRange) => void }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const id = useId();
  const today = brandToday();
  const lastDay = dayOf(today);
  const active = presetOf(range, today);
  const invalid = Boolean(range.startDate && range.endDate) && !isValidRange(range);
  const days = (count: number) => numberFormat(i18n.language).format(count);
  const zone = dateZone();
  return (
    <fieldset className="date-presets">
      <legend className="visually-hidden">{t('date_range')}</legend>
      <div className="date-presets__buttons" role="group" aria-label={t('date_presets')}>
        {(Object.keys(DATE_PRESETS) as DatePreset[]).map((preset) => (
          <button
            key={preset}
            type="button"
            className={preset === active ? 'date-presets__preset is-active' : 'date-presets__preset'}
            aria-pressed={preset === active}
            data-preset={preset}
            onClick={() => onChange(presetRange(preset, today))}
          >
            {t(`preset_${preset}`)}
          </button>
        ))}
      </div>
      <div className="date-presets__steps" role="group" aria-label={t('date_steps')}>
        {DIRECTIONS.flatMap((direction) =>
          DATE_STEPS.map((step) => (
            <button
              key={`${direction}${step}`}
              type="button"
              className="date-presets__step"
              data-step={`${direction}${step}`}
              disabled={!canStep(range, direction, today)}
              onClick={() => onChange(stepRange(range, direction, step, today))}
            >
              {t(`step_${direction}`, { days: days(step) })}
            </button>
          )),
        )}
      </div>
      <div className="date-presets__days">
        <label htmlFor={`${id}-start`}>{t('start_date')}</label>
        <input
          id={`${id}-start`}
          type="date"
          name="startDate"
          value={range.startDate}
          max={range.endDate || lastDay}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => onChange({ ...range, startDate: event.target.value })}
        />
        <label htmlFor={`${id}-end`}>{t('end_date')}</label>
        <input
          id={`${id}-end`}
          type="date"
          name="endDate"
          value={range.endDate}
          min={range.startDate || undefined}
          max={lastDay}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => onChange({ ...range, endDate: event.target.value })}
        />
      </div>
      <p className="date-presets__zone" data-date-zone={zone}>
        {t('dates_zone', { zone: zoneLabel(zone, i18n.language) })}
      </p>
      {invalid && (
        <p id={`${id}-error`} className="field__error" data-field-error="dates">
          {t('date_range_invalid')}
        </p>
      )}
    </fieldset>
  );
}
