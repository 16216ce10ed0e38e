'use client';

import { Fragment } from 'react';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { type ControlField, type ForkParameterError, type ForkRuntime, fieldMaxChars, type TurnWindowControl } from '@/lib/fork';
import { Field } from './control-field';
import styles from './fork-controls.module.css';

interface RuntimeFieldsProps {
  runtime: ForkRuntime;
  values: Readonly<Record<string, string>>;
  errors: readonly ForkParameterError[];
  realTurns: number;
  onChange(name: string, value: string): void;
}

function hintOf(field: ControlField, realTurns: number): string | undefined {
  return typeof field.hint === 'function' ? field.hint({ realTurns }) : field.hint;
}

/** "all" and a slider over the real user turns, for a runtime whose window is a count of them. */
function TurnsQuickValues(props: { window: TurnWindowControl; value: string; realTurns: number; onChange(value: string): void }) {
  const { window, value } = props;
  const max = Math.max(1, props.realTurns);
  return (
    // biome-ignore lint/a11y/useSemanticElements: quick values inside the parameters' fieldset; a nested fieldset would make screen readers announce a second legend
    <div className={styles.quick} role="group" aria-label={`Quick ${window.field} values`}>
      <Button onClick={() => props.onChange(window.all)} data-testid="turns-all">
        {window.all}
      </Button>
      <input
        type="range"
        min={1}
        max={max}
        value={Math.min(window.count(value) ?? max, max)}
        onChange={(event) => props.onChange(event.target.value)}
        aria-label="Number of real user turns to inherit"
        data-testid="turns-slider"
        disabled={props.realTurns === 0}
      />
    </div>
  );
}

/** What a typed field (one line or several) shares. */
function textProps(
  field: ControlField,
  value: string,
  describedBy: string | undefined,
  invalid: true | undefined,
  onChange: (name: string, value: string) => void,
) {
  return {
    value,
    onChange: (event: { target: { value: string } }) => onChange(field.name, event.target.value),
    placeholder: field.placeholder ?? '(left out)',
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
    'data-testid': `input-${field.name}`,
    spellCheck: false,
  };
}

/** A runtime's own parameters, drawn from its control description: no runtime is named here. */
export function RuntimeFields({ runtime, values, errors, realTurns, onChange }: RuntimeFieldsProps) {
  const { controls } = runtime;
  return (
    <fieldset className={styles.params}>
      <legend>{controls.legend}</legend>
      {controls.fields.map((field) => {
        const value = values[field.name] ?? '';
        const invalid = errors.some((error) => error.parameter === field.name) || undefined;
        return (
          <Fragment key={field.name}>
            <Field
              label={field.name}
              name={field.name}
              hint={hintOf(field, realTurns)}
              errors={errors}
              {...(field.kind === 'select' ? {} : { length: { chars: value.length, max: fieldMaxChars(field) } })}
            >
              {(id, describedBy) =>
                field.kind === 'select' ? (
                  <NativeSelect
                    id={id}
                    value={value}
                    onChange={(event) => onChange(field.name, event.target.value)}
                    aria-describedby={describedBy}
                    data-testid={`input-${field.name}`}
                  >
                    {field.options?.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </NativeSelect>
                ) : field.kind === 'lines' || field.kind === 'file' ? (
                  <Textarea id={id} rows={4} {...textProps(field, value, describedBy, invalid, onChange)} />
                ) : (
                  <Input id={id} autoComplete="off" {...textProps(field, value, describedBy, invalid, onChange)} />
                )
              }
            </Field>
            {controls.window?.field === field.name && (
              <TurnsQuickValues window={controls.window} value={value} realTurns={realTurns} onChange={(next) => onChange(field.name, next)} />
            )}
          </Fragment>
        );
      })}
    </fieldset>
  );
}
