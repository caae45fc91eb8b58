import {
  ANIMATION_DIRECTIONS,
  ANIMATION_SPEEDS,
  BUBBLE_COUNT,
  BUBBLE_SIZES,
  NETWORK_LABELS,
  type WhitelistedCollection,
} from '@nexus/contract';
import { useId } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { toast } from '../../../../components/toast/toast-store';
import { errorText } from '../../../../lib/api-client';
import { useSaveCollection } from '../../api/whitelist-admin';
import {
  WHITELIST_NETWORK_OPTIONS,
  changedFields,
  emptyWhitelistForm,
  formFromCollection,
  toWhitelistInput,
  validateWhitelistForm,
  type WhitelistFormValues,
} from '../../lib/whitelist-form-logic';
import { AdminSwitch } from '../ui/admin-switch';
import { ImageUploadField } from './image-upload-field';
import './whitelist-form.css';
import { LabelledOptions } from '../../../../components/labelled-options';
import { CancelButton } from '../../../../components/cancel-button';

const resolver: Resolver<WhitelistFormValues> = (values) => {
  const problems = validateWhitelistForm(values);
  const entries = Object.entries(problems);
  if (entries.length === 0) return { values, errors: {} };
  const errors: FieldErrors<WhitelistFormValues> = {};
  for (const [field, message] of entries) {
    errors[field as keyof WhitelistFormValues] = { type: 'validate', message };
  }
  return { values: {}, errors };
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The logo and banner: a URL typed, or an image uploaded into it. */
const IMAGE_FIELDS = [
  { name: 'logoUrl', kind: 'logo', label: 'Logo' },
  { name: 'bannerUrl', kind: 'banner', label: 'Banner' },
] as const;

/** SPEC §3 bubble animation choices. */
const ANIMATION_CHOICES = [
  { name: 'animationSpeed', label: 'Animation Speed', options: ANIMATION_SPEEDS },
  { name: 'bubbleSize', label: 'Bubble Size', options: BUBBLE_SIZES },
  { name: 'animationDirection', label: 'Animation Direction', options: ANIMATION_DIRECTIONS },
] as const;

interface WhitelistFormProps {
  /** The collection edited, or null to add one. */
  editing: WhitelistedCollection | null;
  onDone: () => void;
  onCancel: () => void;
}

/** SPEC §5 admin collection form, in add mode (blank, defaults of §3) or edit mode. */
export function WhitelistForm({ editing, onDone, onCancel }: WhitelistFormProps) {
  const id = useId();
  const save = useSaveCollection();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<WhitelistFormValues>({
    defaultValues: editing ? formFromCollection(editing) : emptyWhitelistForm(),
    resolver,
  });
  const [logoUrl, bannerUrl] = useWatch({ control, name: ['logoUrl', 'bannerUrl'] });

  const onSubmit = handleSubmit((values) => {
    const input = toWhitelistInput(values);
    save.mutate(
      editing
        ? { mode: 'edit', id: editing.id, patch: changedFields(editing, input) }
        : { mode: 'add', input },
      {
        onSuccess: () => {
          toast({
            title: editing ? 'Collection updated successfully' : 'Collection added successfully',
            variant: 'success',
          });
          onDone();
        },
        onError: (error) =>
          toast({
            title: 'Failed to save collection',
            description: errorText(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  });

  const fieldId = (name: keyof WhitelistFormValues) => `${id}-${name}`;
  const error = (name: keyof WhitelistFormValues) => {
    const message = errors[name]?.message;
    return message ? (
      <span className="admin-field-error" id={`${fieldId(name)}-error`} role="alert">
        {message}
      </span>
    ) : null;
  };
  const described = (name: keyof WhitelistFormValues) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(name)}-error` } : {};
  /** A text control's id, its error's description and its registration with the form. */
  const textControl = (name: keyof WhitelistFormValues) => ({
    id: fieldId(name),
    ...described(name),
    ...register(name),
  });

  return (
    <form
      className="admin-whitelist-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="whitelist-form"
    >
      <div className="admin-form-grid">
        <div className="field">
          <label className="field__label" htmlFor={fieldId('contractAddress')}>
            Contract Address *
          </label>
          <input
            className="text-field admin-mono"
            placeholder="0x..."
            autoComplete="off"
            spellCheck={false}
            {...textControl('contractAddress')}
          />
          {error('contractAddress')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={fieldId('name')}>
            Name *
          </label>
          <input {...textControl('name')} className="text-field" autoComplete="off" />
          {error('name')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={fieldId('network')}>
            Network
          </label>
          <select id={fieldId('network')} className="select-field__control" {...register('network')}>
            <LabelledOptions values={WHITELIST_NETWORK_OPTIONS} labels={NETWORK_LABELS} />
          </select>
        </div>
        <div className="field admin-form-grid__wide">
          <label className="field__label" htmlFor={fieldId('description')}>
            Description
          </label>
          <textarea
            id={fieldId('description')}
            className="text-field admin-textarea"
            rows={3}
            {...register('description')}
          />
        </div>
        {IMAGE_FIELDS.map(({ name, kind, label }) => (
          <ImageUploadField
            key={kind}
            kind={kind}
            label={label}
            value={kind === 'logo' ? logoUrl : bannerUrl}
            onUploaded={(url) => setValue(name, url, { shouldDirty: true })}
          >
            <input
              className="text-field"
              placeholder="https://..."
              aria-label={`${label} URL`}
              {...register(name)}
            />
          </ImageUploadField>
        ))}
        {(['website', 'discord', 'twitter', 'telegram'] as const).map((name) => (
          <div key={name} className="field">
            <label className="field__label" htmlFor={fieldId(name)}>
              {capitalize(name)}
            </label>
            <input id={fieldId(name)} className="text-field" placeholder="https://..." {...register(name)} />
          </div>
        ))}
      </div>

      <fieldset className="admin-box admin-form-section">
        <legend>Display</legend>
        <div className="admin-form-switches">
          <Controller
            control={control}
            name="isFeatured"
            render={({ field }) => (
              <AdminSwitch checked={field.value} onCheckedChange={field.onChange} label="Featured" />
            )}
          />
          <Controller
            control={control}
            name="hasAnimatedBackground"
            render={({ field }) => (
              <AdminSwitch
                checked={field.value}
                onCheckedChange={field.onChange}
                label="Animated Background"
              />
            )}
          />
        </div>
        <div className="admin-form-grid">
          <div className="field admin-form-grid__wide">
            <label className="field__label" htmlFor={fieldId('backgroundImageUrls')}>
              Background Image URLs (one per line)
            </label>
            <textarea
              id={fieldId('backgroundImageUrls')}
              className="text-field admin-textarea admin-mono"
              rows={3}
              placeholder={'https://example.com/image-1.png\nhttps://example.com/image-2.png'}
              {...register('backgroundImageUrls')}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={fieldId('bubbleCount')}>
              Bubble Count ({BUBBLE_COUNT.min}-{BUBBLE_COUNT.max})
            </label>
            <input
              className="text-field"
              type="number"
              inputMode="numeric"
              min={BUBBLE_COUNT.min}
              max={BUBBLE_COUNT.max}
              placeholder={String(BUBBLE_COUNT.default)}
              {...textControl('bubbleCount')}
            />
            {error('bubbleCount')}
          </div>
          {ANIMATION_CHOICES.map(({ name, label, options }) => (
            <div key={name} className="field">
              <label className="field__label" htmlFor={fieldId(name)}>
                {label}
              </label>
              <select id={fieldId(name)} className="select-field__control" {...register(name)}>
                {options.map((value) => (
                  <option key={value} value={value}>
                    {capitalize(value)}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
      </fieldset>

      <div className="dialog__actions">
        <CancelButton onCancel={onCancel} />
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : editing ? 'Update Collection' : 'Add Collection'}
        </button>
      </div>
    </form>
  );
}
