/**
 * One image field (ID photos, payment QR codes): choose a file (or take a photo), check its type
 * and size before anything is sent, read it as a data URL, show the preview, upload it
 * (uploadImage) and hand the upload id to the form. A replace action chooses another image.
 */
import { Button, Group, Input, Progress, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateAmounts } from '../../lib/format';
import { useUploadImage, useUploadMaxBytes } from './api';
import { checkFile, IMAGE_TYPES, sniffBase64 } from './imageFile';
import classes from './upload.module.css';

function readAsDataUrl(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Why a chosen file is not sent (upload.<problem> in the dictionaries). */
export type ImageProblem = 'wrongType' | 'tooLarge' | 'empty' | 'unreadable';

/**
 * A chosen file as the data URL to upload, after the checks that spare a sure refusal: type and
 * size first, then the real type from its first bytes (the data URL declares that type).
 */
export async function readImage(
  file: File,
  maxBytes: number,
  onProgress: (fraction: number) => void = () => {},
): Promise<{ dataUrl: string } | { problem: ImageProblem }> {
  const fileProblem = checkFile(file, maxBytes);
  if (fileProblem) return { problem: fileProblem };
  let dataUrl: string;
  try {
    dataUrl = await readAsDataUrl(file, onProgress);
  } catch {
    return { problem: 'unreadable' };
  }
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const type = sniffBase64(base64);
  // Named like an image, but the content is not one: nothing is sent.
  return type ? { dataUrl: `data:${type};base64,${base64}` } : { problem: 'wrongType' };
}

type Phase = 'idle' | 'reading' | 'uploading' | 'done' | 'failed';

interface ImageUploadProps {
  label: string;
  description?: string;
  /** The upload id, or null when there is none (yet). */
  value: string | null;
  onChange: (id: string | null) => void;
  /** True while a file is being read or uploaded. */
  onBusyChange?: (busy: boolean) => void;
  /** An error from the form (e.g. required). A problem with the chosen file is shown instead. */
  error?: string | null;
  /** Prefix of the test ids: `${testId}-input`, `-preview`, `-status`, `-replace`, `-error`. */
  testId: string;
  /** Open the camera directly on phones (otherwise the system offers camera or gallery). */
  capture?: 'user' | 'environment';
  disabled?: boolean;
}

export function ImageUpload({ label, description, value, onChange, onBusyChange, error, testId, capture, disabled }: ImageUploadProps) {
  const { t } = useTranslation();
  const maxBytes = useUploadMaxBytes();
  const upload = useUploadImage();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>(value ? 'done' : 'idle');
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = phase === 'reading' || phase === 'uploading';
  const maxMb = Math.floor(maxBytes / (1024 * 1024));

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const busyListener = useRef(onBusyChange);
  busyListener.current = onBusyChange;
  useEffect(() => busyListener.current?.(busy), [busy]);

  // The form cleared the field (e.g. after a successful submission): forget the image too.
  useEffect(() => {
    if (value === null && phase === 'done') {
      setPreview(null);
      setPhase('idle');
      setProblem(null);
    }
  }, [value, phase]);

  const choose = () => {
    if (!busy && !disabled) inputRef.current?.click();
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    // Lets the same file be chosen again after a failure.
    input.value = '';
    if (!file || busy) return;
    setProblem(null);
    setProgress(0);
    setPhase('reading');
    const read = await readImage(file, maxBytes, setProgress);
    if ('problem' in read) {
      setPhase(value ? 'done' : 'idle');
      setProblem(t(`upload.${read.problem}`, { max: maxMb }));
      return;
    }
    setPreview(URL.createObjectURL(file));
    setPhase('uploading');
    onChange(null);
    upload.mutate(read.dataUrl, {
      onSuccess: (res) => {
        setPhase('done');
        onChange(res.id);
      },
      onError: () => {
        setPhase('failed');
        setProblem(t('upload.failed'));
      },
    });
  };

  const shownError = problem ?? error ?? null;
  const statusText =
    phase === 'reading'
      ? t('upload.reading')
      : phase === 'uploading'
        ? t('upload.uploading')
        : phase === 'done'
          ? t('upload.uploaded')
          : phase === 'failed'
            ? t('upload.notUploaded')
            : isolateAmounts(t('upload.hint', { max: maxMb }));

  return (
    <Input.Wrapper label={label} description={description} error={shownError} id={id} errorProps={{ 'data-testid': `${testId}-error` }}>
      <div style={{ marginTop: 6 }}>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          {...(capture ? { capture } : {})}
          className={classes.hidden}
          onChange={(e) => void onFile(e)}
          aria-label={label}
          data-testid={`${testId}-input`}
        />
        <button
          type="button"
          className={classes.drop}
          onClick={choose}
          disabled={busy || disabled}
          data-error={shownError ? true : undefined}
          data-filled={preview ? true : undefined}
          aria-label={preview ? t('upload.replaceLabel', { label }) : t('upload.chooseLabel', { label })}
          data-testid={`${testId}-choose`}
        >
          {preview ? (
            <img src={preview} alt={t('upload.previewAlt', { label })} className={classes.preview} data-testid={`${testId}-preview`} />
          ) : (
            <>
              <span className={classes.plus} aria-hidden>
                <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                  <path d="M12 5v14M5 12h14" />
                </svg>
              </span>
              <span>{t('upload.choose')}</span>
            </>
          )}
        </button>
        {busy && (
          <Progress
            mt={6}
            size="sm"
            value={phase === 'reading' ? Math.round(progress * 100) : 100}
            striped={phase === 'uploading'}
            animated={phase === 'uploading'}
            aria-label={statusText}
          />
        )}
        <Group className={classes.uploadFooter} wrap="nowrap">
          <Text
            size="xs"
            c={phase === 'done' ? 'teal' : phase === 'failed' ? 'red' : 'dimmed'}
            role="status"
            data-testid={`${testId}-status`}
            data-phase={phase}
          >
            {phase === 'done' ? `✓ ${statusText}` : statusText}
          </Text>
          {preview && !busy && (
            <Button size="compact-xs" variant="light" onClick={choose} disabled={disabled} data-testid={`${testId}-replace`}>
              {t('upload.replace')}
            </Button>
          )}
        </Group>
      </div>
    </Input.Wrapper>
  );
}
