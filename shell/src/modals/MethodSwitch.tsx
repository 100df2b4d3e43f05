import { useId } from 'react';

/** A choice between a form's ways (username or SMS login, e-mail or mobile), as radio buttons. */
export function MethodSwitch({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: ReadonlyArray<readonly [string, string]>;
  value: string;
  onChange: (value: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className="method-switch">
      <legend className="visually-hidden">{legend}</legend>
      {options.map(([option, label]) => (
        <label key={option} className={option === value ? 'method-switch__option is-active' : 'method-switch__option'}>
          <input type="radio" name={name} value={option} checked={option === value} onChange={() => onChange(option)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
