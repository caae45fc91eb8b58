import {
  BUTTON_COLORS,
  BUTTON_POSITIONS,
  PROMO_BAR_MESSAGES,
  PROMO_BAR_TEXT_MAX,
  PROMO_OPACITY,
  type PromoBarSettings,
} from '@nexus/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../../../components/spinner';
import { toast } from '../../../../components/toast/toast-store';
import { errorText } from '../../../../lib/api-client';
import { usePromoBarSettings, useSavePromoBarSettings } from '../../api/promo-bar-admin';
import { AdminSlider } from '../ui/admin-slider';
import { AdminSwitch } from '../ui/admin-switch';
import { FileField, TextField } from '../ui/fields';
import { LoadFailed } from '../ui/load-failed';
import '../../../../components/promo-bar.css';
import './promo-bar-admin-page.css';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const canPreviewFiles = () => typeof URL.createObjectURL === 'function';

/**
 * The preview's video: the chosen file while there is one, else the stored video. The file's
 * address is made and released by the effect (released when the file changes or the page closes)
 * and given to the element directly: it is the element's business, not the page's state.
 */
function PreviewVideo({ file, url, opacity }: { file: File | null; url: string; opacity: number }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || !file || !canPreviewFiles()) return;
    const created = URL.createObjectURL(file);
    video.src = created;
    return () => URL.revokeObjectURL(created);
  }, [file]);
  const previewing = file !== null && canPreviewFiles();
  if (!previewing && !url) return null;
  return (
    <video
      ref={ref}
      className="promo-bar__video"
      src={previewing ? undefined : url}
      style={{ opacity }}
      autoPlay
      muted
      loop
      playsInline
      data-testid="promo-preview-video"
    />
  );
}

/** What the admin reads for the stored video: its kind, not the server's storage address. */
export function storedVideoLabel(url: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(url.split(/[?#]/)[0] ?? '')?.[1];
  return extension ? `Uploaded ${extension.toUpperCase()} video` : 'Uploaded video';
}

interface CurrentVideoProps {
  url: string;
  removing: boolean;
  onRemove: () => void;
  onKeep: () => void;
}

/** The stored background video: a small preview and its kind, with 'Remove video' (applied on save). */
function CurrentVideo({ url, removing, onRemove, onKeep }: CurrentVideoProps) {
  if (!url) {
    return (
      <div className="admin-current-video" data-testid="promo-bar-current-video">
        <span className="muted admin-file-field__current">Current video: none</span>
      </div>
    );
  }
  if (removing) {
    return (
      <div className="admin-current-video" data-testid="promo-bar-current-video">
        <span className="admin-file-field__current">The video will be removed when you save.</span>
        <button type="button" className="button button--ghost admin-button--sm" onClick={onKeep}>
          Keep video
        </button>
      </div>
    );
  }
  return (
    <div className="admin-current-video" data-testid="promo-bar-current-video">
      <video
        className="admin-current-video__preview"
        src={url}
        muted
        playsInline
        preload="metadata"
        aria-hidden="true"
        data-testid="promo-bar-current-video-preview"
      />
      <span className="admin-file-field__current">
        Current video: <strong>{storedVideoLabel(url)}</strong>
      </span>
      <button
        type="button"
        className="button button--ghost admin-button--sm admin-button--danger-ghost"
        onClick={onRemove}
      >
        Remove video
      </button>
    </div>
  );
}

function PromoBarPreview({ settings, videoFile }: { settings: PromoBarSettings; videoFile: File | null }) {
  return (
    <section
      className="card admin-promo-preview"
      aria-labelledby="promo-preview-heading"
      data-testid="promo-bar-preview"
    >
      <h2 id="promo-preview-heading">Live Preview</h2>
      <div className={`admin-promo-preview__bar admin-promo-preview__bar--${settings.buttonPosition}`}>
        <PreviewVideo file={videoFile} url={settings.videoUrl} opacity={settings.videoOpacity / 100} />
        <span
          className={`promo-bar__button promo-bar__button--static promo-bar__button--${settings.buttonColor} admin-promo-preview__button`}
        >
          {settings.buttonText || 'Go'}
        </span>
      </div>
    </section>
  );
}

type ChoiceField = 'buttonPosition' | 'buttonColor';

/** A setting chosen among a few: its field, legend and options, named once. */
type Choice = {
  [F in ChoiceField]: {
    field: F;
    legend: string;
    options: readonly PromoBarSettings[F][];
    /** Show each option's colour beside its name. */
    swatches?: boolean;
  };
}[ChoiceField];

const CHOICES: readonly Choice[] = [
  { field: 'buttonPosition', legend: 'Button Position', options: BUTTON_POSITIONS },
  { field: 'buttonColor', legend: 'Button Color', options: BUTTON_COLORS, swatches: true },
];

interface ChoiceGroupProps {
  choice: Choice;
  /** The radio group's name, unique on the page. */
  name: string;
  settings: PromoBarSettings;
  edit: (change: Partial<PromoBarSettings>) => void;
}

/** One choice among a few, as segmented radio buttons. */
function ChoiceGroup({
  choice: { field, legend, options, swatches },
  name,
  settings,
  edit,
}: ChoiceGroupProps) {
  return (
    <fieldset className="admin-choice-group">
      <legend className="field__label">{legend}</legend>
      <div className="admin-segmented">
        {options.map((option) => (
          <label key={option} className="outline-control admin-segmented__option">
            <input
              type="radio"
              name={name}
              value={option}
              checked={settings[field] === option}
              onChange={() => edit({ [field]: option })}
            />
            {swatches ? (
              <span className={`admin-swatch promo-bar__button--${option}`} aria-hidden="true" />
            ) : null}
            <span>{capitalize(option)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** /admin/promo-bar: edits held locally until 'Save Changes' (SPEC §2, §4, §5). */
export function PromoBarAdminPage() {
  const id = useId();
  const settings = usePromoBarSettings();
  const save = useSavePromoBarSettings();
  const [draft, setDraft] = useState<Partial<PromoBarSettings>>({});
  const [video, setVideo] = useState<File | null>(null);
  const [removingVideo, setRemovingVideo] = useState(false);
  const videoInput = useRef<HTMLInputElement>(null);

  if (settings.isPending) return <Spinner size="lg" label="Loading settings..." />;
  if (!settings.data) {
    return <LoadFailed title="Failed to load settings" query={settings} />;
  }

  const current: PromoBarSettings = {
    ...settings.data,
    ...draft,
    ...(removingVideo ? { videoUrl: '' } : {}),
  };
  const edit = (change: Partial<PromoBarSettings>) => setDraft((previous) => ({ ...previous, ...change }));

  const clearVideo = () => {
    setVideo(null);
    if (videoInput.current) videoInput.current.value = '';
  };

  const pickVideo = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('video/')) {
      toast({ ...PROMO_BAR_MESSAGES.invalidVideo, variant: 'destructive' });
      clearVideo();
      return;
    }
    setVideo(file);
    // A new video replaces the stored one: nothing left to remove.
    setRemovingVideo(false);
  };

  const onSave = () => {
    // SPEC §5: saving does nothing until the current settings have loaded.
    if (!settings.data || save.isPending) return;
    save.mutate(
      {
        settings: { ...settings.data, ...draft, ...(removingVideo && !video ? { removeVideo: true } : {}) },
        video,
      },
      {
        onSuccess: () => {
          clearVideo();
          setDraft({});
          setRemovingVideo(false);
          toast({
            title: 'Success',
            description: 'Promo bar settings updated successfully',
            variant: 'success',
          });
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: `Failed to update settings: ${errorText(error, 'Unknown error')}`,
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <div className="admin-stack">
      {current.isActive ? <PromoBarPreview settings={current} videoFile={video} /> : null}

      <section className="card admin-promo-config" aria-labelledby="promo-config-heading">
        <h2 id="promo-config-heading">Configuration</h2>

        <AdminSwitch
          checked={current.isActive}
          onCheckedChange={(isActive) => edit({ isActive })}
          label="Active"
          testId="promo-bar-active"
        />

        <FileField
          id={`${id}-video`}
          label="Background Video"
          inputRef={videoInput}
          accept="video/*"
          onPick={pickVideo}
          testId="promo-bar-video"
        >
          {video ? <span className="admin-file-field__chosen">Selected: {video.name}</span> : null}
          <CurrentVideo
            url={settings.data.videoUrl}
            removing={removingVideo}
            onRemove={() => setRemovingVideo(true)}
            onKeep={() => setRemovingVideo(false)}
          />
        </FileField>

        <div className="field">
          <span className="field__label" id={`${id}-opacity`}>
            Video Opacity: <strong>{current.videoOpacity}%</strong>
          </span>
          <AdminSlider
            value={current.videoOpacity}
            onValueChange={(videoOpacity) => edit({ videoOpacity })}
            min={PROMO_OPACITY.min}
            max={PROMO_OPACITY.max}
            step={PROMO_OPACITY.step}
            label="Video Opacity"
            testId="promo-bar-opacity"
          />
        </div>

        <div className="admin-form-grid">
          <TextField
            id={`${id}-text`}
            label="Button Text"
            placeholder="Go"
            maxLength={PROMO_BAR_TEXT_MAX.buttonText}
            value={current.buttonText}
            onChange={(event) => edit({ buttonText: event.target.value })}
          />
          <TextField
            id={`${id}-link`}
            label="Button Link"
            type="url"
            inputMode="url"
            placeholder="https://example.com"
            maxLength={PROMO_BAR_TEXT_MAX.buttonLink}
            value={current.buttonLink}
            onChange={(event) => edit({ buttonLink: event.target.value })}
          />
        </div>

        {CHOICES.map((choice) => (
          <ChoiceGroup
            key={choice.field}
            choice={choice}
            name={`${id}-${choice.field}`}
            settings={current}
            edit={edit}
          />
        ))}

        <div className="admin-form-actions">
          <button type="button" className="button button--primary" onClick={onSave} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </section>
    </div>
  );
}
