import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsOptional,
  Max,
  Min,
  ValidateBy,
  ValidateIf,
  type ValidationArguments,
} from 'class-validator';

/** class-transformer: trims a string value, leaves anything else for the validators to refuse. */
export const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

/** Optional, but null is refused rather than silently stored as a missing value. */
export const Optional = (): PropertyDecorator =>
  ValidateIf((_object: object, value: unknown) => value !== undefined);

/**
 * An optional number of the query string: its text read as a number, then a whole number from
 * `min` to `max`, each refusal naming the property. The same as writing, above the property,
 * `@IsOptional() @Type(() => Number) @IsInt @Min @Max` (their errors in that order).
 */
export function OptionalWholeNumber(min: number, max: number): PropertyDecorator {
  return (target, key) => {
    const name = String(key);
    // Applied last to first, as TypeScript applies decorators stacked in the order above.
    const stacked: PropertyDecorator[] = [
      IsOptional(),
      Type(() => Number),
      IsInt({ message: `${name} must be a whole number` }),
      Min(min, { message: `${name} must be at least ${min}` }),
      Max(max, { message: `${name} must be at most ${max}` }),
    ];
    for (const decorator of stacked.reverse()) decorator(target, key);
  };
}

/**
 * An optional true or false of a JSON body, the refusal naming the property. The same as writing,
 * above the property, `@IsOptional() @IsBoolean({ message: '<property> must be a boolean' })`.
 */
export function OptionalFlag(): PropertyDecorator {
  return (target, key) => {
    // Applied last to first, as TypeScript applies decorators stacked in the order above.
    const stacked: PropertyDecorator[] = [
      IsOptional(),
      IsBoolean({ message: `${String(key)} must be a boolean` }),
    ];
    for (const decorator of stacked.reverse()) decorator(target, key);
  };
}

/** Free text up to `max` characters. */
export function Text(max: number): PropertyDecorator {
  return ValidateBy({
    name: 'text',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.length <= max,
      defaultMessage: (args?: ValidationArguments) =>
        typeof args?.value === 'string'
          ? `${args.property} must be at most ${max} characters`
          : `${args?.property} must be text`,
    },
  });
}

/** A scheme other than http(s) (javascript:, data:, …) in a link the web app renders. */
const OTHER_SCHEME = /^(?!https?:)[a-z][a-z0-9+.-]*:/i;

/** A link the web app renders: empty, a handle, a path, or an http(s) URL; never another scheme. */
export const isLink = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max && !OTHER_SCHEME.test(value);

/** A property that holds a link (see `isLink`) of at most `max` characters. */
export function Link(max: number): PropertyDecorator {
  return ValidateBy({
    name: 'link',
    validator: {
      validate: (value: unknown) => isLink(value, max),
      defaultMessage: (args?: ValidationArguments) =>
        `${args?.property} must be an http(s) link of at most ${max} characters`,
    },
  });
}
