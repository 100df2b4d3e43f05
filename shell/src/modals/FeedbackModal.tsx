import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { ApiError, request } from '@tessera/kit';
import { Modal } from './Modal';

/** Feedback limits (SPEC §5, §9), the same the server enforces. */
export const FEEDBACK_LIMITS = { maxChars: 140, maxImages: 3, maxImageMb: 5 } as const;
const MAX_IMAGE_BYTES = FEEDBACK_LIMITS.maxImageMb * 1024 * 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg'];
const IMAGE_NAME = /\.(png|jpe?g)$/i;

// Server codes that are about one field; any other refusal is shown for the whole form.
const FIELD_OF_CODE: Record<string, 'content' | 'images'> = {
  feedback_too_long: 'content',
  feedback_too_many_images: 'images',
  feedback_image_type: 'images',
  feedback_image_too_large: 'images',
};

/** Characters as the server counts them (code points, not UTF-16 units). */
function length(text: string): number {
  return [...text].length;
}

function contentError(content: string, t: TFunction<'modals'>): string | null {
  if (!content.trim()) return t('error_content_required');
  if (length(content) > FEEDBACK_LIMITS.maxChars) return t('error_content_too_long', { max: FEEDBACK_LIMITS.maxChars });
  return null;
}

/** The files that may be added to ``kept``, and the first reason one was refused. */
function acceptImages(kept: File[], added: File[], t: TFunction<'modals'>): { files: File[]; error: string | null } {
  const files = [...kept];
  let error: string | null = null;
  for (const file of added) {
    const isImage = file.type ? IMAGE_TYPES.includes(file.type) : IMAGE_NAME.test(file.name);
    if (!isImage) error ??= t('error_image_type', { name: file.name });
    else if (file.size > MAX_IMAGE_BYTES) error ??= t('error_image_too_large', { name: file.name, size: FEEDBACK_LIMITS.maxImageMb });
    else if (files.length >= FEEDBACK_LIMITS.maxImages) error ??= t('error_too_many_images', { max: FEEDBACK_LIMITS.maxImages });
    else files.push(file);
  }
  return { files, error };
}

interface Feedback {
  content: string;
  contact: string;
  images: File[];
}

function sendFeedback({ content, contact, images }: Feedback): Promise<{ id: number }> {
  const body = new FormData();
  body.append('content', content.trim());
  if (contact.trim()) body.append('contact', contact.trim());
  for (const image of images) body.append('images', image, image.name);
  return request<{ id: number }>('/wps/feedback', { method: 'PUT', body });
}

interface Errors {
  content?: string | null;
  images?: string | null;
  form?: string | null;
}

/** Feedback and complaints: text up to 140 characters, an optional contact and up to 3 images. */
export function FeedbackModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('modals');
  const ids = { content: useId(), counter: useId(), contentError: useId(), contact: useId(), contactHint: useId() };
  const imageIds = { input: useId(), hint: useId(), error: useId() };
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [checked, setChecked] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);

  const send = useMutation({
    mutationFn: sendFeedback,
    onError: (error) => {
      const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : t('error_network');
      const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
      setErrors({ [field ?? 'form']: message });
    },
  });

  function onContentChange(event: ChangeEvent<HTMLTextAreaElement>) {
    setContent(event.target.value);
    if (checked || length(event.target.value) > FEEDBACK_LIMITS.maxChars) {
      setErrors((previous) => ({ ...previous, content: contentError(event.target.value, t) }));
    }
  }

  function onImagesChange(event: ChangeEvent<HTMLInputElement>) {
    const { files, error } = acceptImages(images, Array.from(event.target.files ?? []), t);
    setImages(files);
    setErrors((previous) => ({ ...previous, images: error }));
    // Cleared so that the same file can be chosen again after it is removed.
    event.target.value = '';
  }

  function removeImage(index: number) {
    setImages(images.filter((_, position) => position !== index));
    setErrors((previous) => ({ ...previous, images: null }));
    fileInput.current?.focus();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    const error = contentError(content, t);
    setErrors({ content: error });
    if (error) textarea.current?.focus();
    else send.mutate({ content, contact, images });
  }

  if (send.isSuccess) {
    return (
      <Modal title={t('feedback_title')} onClose={onClose} kind="feedback" className="feedback-modal">
        <FeedbackThanks onClose={onClose} />
      </Modal>
    );
  }

  const count = length(content);
  const describedBy = (...parts: Array<string | false | null | undefined>) => parts.filter(Boolean).join(' ') || undefined;

  return (
    <Modal title={t('feedback_title')} onClose={onClose} kind="feedback" className="feedback-modal">
      <form className="feedback" noValidate onSubmit={onSubmit} data-feedback-state={send.isPending ? 'sending' : 'editing'}>
        <div className="field">
          <label htmlFor={ids.content}>{t('feedback_content')}</label>
          <textarea
            ref={textarea}
            id={ids.content}
            name="content"
            rows={5}
            required
            data-autofocus
            value={content}
            onChange={onContentChange}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={describedBy(ids.counter, errors.content && ids.contentError)}
          />
          <p
            id={ids.counter}
            className={count > FEEDBACK_LIMITS.maxChars ? 'field__counter field__counter--over' : 'field__counter'}
            aria-live="polite"
            data-count={count}
          >
            {t('feedback_counter', { count, max: FEEDBACK_LIMITS.maxChars })}
          </p>
          {errors.content && (
            <p id={ids.contentError} className="field__error" data-field-error="content">
              {errors.content}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.contact}>{t('feedback_contact')}</label>
          <input
            id={ids.contact}
            name="contact"
            type="text"
            maxLength={100}
            autoComplete="off"
            value={contact}
            onChange={(event) => setContact(event.target.value)}
            aria-describedby={ids.contactHint}
          />
          <p id={ids.contactHint} className="field__hint">
            {t('feedback_contact_hint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={imageIds.input}>{t('feedback_images')}</label>
          <input
            ref={fileInput}
            id={imageIds.input}
            name="images"
            type="file"
            accept="image/png,image/jpeg"
            multiple
            onChange={onImagesChange}
            aria-invalid={errors.images ? true : undefined}
            aria-describedby={describedBy(imageIds.hint, errors.images && imageIds.error)}
          />
          <p id={imageIds.hint} className="field__hint">
            {t('feedback_images_hint', { max: FEEDBACK_LIMITS.maxImages, size: FEEDBACK_LIMITS.maxImageMb })}
          </p>
          {errors.images && (
            <p id={imageIds.error} className="field__error" role="alert" data-field-error="images">
              {errors.images}
            </p>
          )}
          {images.length > 0 && (
            <ul className="feedback__images">
              {images.map((image, index) => (
                <li key={`${image.name}-${index}`} data-image-name={image.name}>
                  <span className="feedback__image-name">{image.name}</span>
                  <button type="button" aria-label={t('feedback_remove_image', { name: image.name })} onClick={() => removeImage(index)}>
                    {t('remove')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {errors.form && (
          <p className="form-error" role="alert" data-field-error="form">
            {errors.form}
          </p>
        )}
        <button type="submit" className="button-primary feedback__submit" disabled={send.isPending}>
          {send.isPending ? t('feedback_sending') : t('feedback_submit')}
        </button>
      </form>
    </Modal>
  );
}

/** The sent state; its close button takes the focus from the form's submit button, which is gone. */
function FeedbackThanks({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('modals');
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div className="feedback__thanks" role="status" data-feedback-state="sent">
      <h3>{t('feedback_thanks_title')}</h3>
      <p>{t('feedback_thanks')}</p>
      <button ref={button} type="button" className="button-primary" onClick={onClose}>
        {t('close')}
      </button>
    </div>
  );
}
