import { ValidateBy, ValidateIf, type ValidationArguments } from 'class-validator';

/** class-transformer: trims a string value, leaves anything else for the validators to refuse. */
export const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

/** Optional, but null is refused rather than silently stored as a missing value. */
export const Optional = (): PropertyDecorator =>
  ValidateIf((_object: object, value: unknown) => value !== undefined);

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
