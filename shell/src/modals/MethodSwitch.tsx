import { useId } from 'react';

/** A choice between a form's ways (username or SMS login, e-mail or mobile, the register modes), as radio buttons. */
export function MethodSwitch({
  legend,
  options,
  value,
  onChange,
  className,
}: {
  legend: string;
  options: ReadonlyArray<readonly [string, string]>;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={className ? `method-switch ${className}` : 'method-switch'}>
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
