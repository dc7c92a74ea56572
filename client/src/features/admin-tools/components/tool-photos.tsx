import { useState } from 'react';
import type { Tool } from '@toolworks/contract/tools';
import {
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  MAX_TOOL_IMAGES,
  imageSrcSet,
} from '@toolworks/contract/tool-images';
import { FormField } from '@/components/ui/form-field';
import { useDeleteToolImage, useOrderToolImages, useUploadToolImage } from '../api/tool-images';
import './tool-photos.css';

const ACCEPT: readonly string[] = IMAGE_TYPES;
const MAX_MB = IMAGE_MAX_BYTES / 1024 / 1024;

interface Progress {
  done: number;
  total: number;
}

/** Why a chosen file will not be sent, or null: the server checks the bytes again. */
function refusal(file: File): string | null {
  if (!ACCEPT.includes(file.type)) return 'Choose a JPEG, PNG or WebP photo.';
  if (file.size > IMAGE_MAX_BYTES) return `The photo is over ${MAX_MB} MB.`;
  return null;
}

/**
 * The Edit Tool page's photos: upload (several at once, one after another, with progress), see
 * them, make one the main photo (the catalogue's card and the tool page show it), remove one.
 * Its own section, apart from the tool form: it saves at once, not with the form.
 */
export function ToolPhotos({ tool }: { tool: Pick<Tool, '_id' | 'name' | 'images'> }) {
  const upload = useUploadToolImage();
  const remove = useDeleteToolImage();
  const order = useOrderToolImages();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const busy = progress !== null || remove.isPending || order.isPending;
  const images = tool.images;
  const full = images.length >= MAX_TOOL_IMAGES;

  async function onFiles(list: FileList | null) {
    const files = [...(list ?? [])];
    if (!files.length) return;
    const problems: string[] = [];
    const room = MAX_TOOL_IMAGES - images.length;
    const sendable = files.filter((file) => {
      const why = refusal(file);
      if (why) problems.push(`${file.name}: ${why}`);
      return !why;
    });
    if (sendable.length > room)
      problems.push(`A tool has at most ${MAX_TOOL_IMAGES} photos: ${room} more fit.`);
    const batch = sendable.slice(0, room);
    setErrors(problems);
    setStatus('');
    let uploaded = 0;
    for (const [index, file] of batch.entries()) {
      setProgress({ done: index, total: batch.length });
      try {
        await upload.mutateAsync({ toolId: tool._id, file });
        uploaded += 1;
      } catch (error) {
        problems.push(`${file.name}: ${(error as Error).message}`);
        setErrors([...problems]);
      }
    }
    setProgress(null);
    if (uploaded) setStatus(uploaded === 1 ? 'Photo added.' : `${uploaded} photos added.`);
  }

  const makeMain = (imageId: string) => {
    setErrors([]);
    const rest = images.map((i) => i._id).filter((id) => id !== imageId);
    order.mutate(
      { toolId: tool._id, imageIds: [imageId, ...rest] },
      {
        onSuccess: () => setStatus('Main photo changed.'),
        onError: (error) => setErrors([error.message]),
      },
    );
  };

  const removePhoto = (imageId: string) => {
    setErrors([]);
    remove.mutate(
      { toolId: tool._id, imageId },
      {
        onSuccess: () => setStatus('Photo removed.'),
        onError: (error) => setErrors([error.message]),
      },
    );
  };

  return (
    <section className="card tool-photos" aria-labelledby="tool-photos-title">
      <div className="card-body">
        <h2 id="tool-photos-title">Photos</h2>
        <p className="muted">
          Uploaded photos show on the catalogue and the tool page in place of the image URL. The
          first is the main photo.
        </p>

        {images.length ? (
          <ul className="tool-photos-list" aria-busy={busy}>
            {images.map((image, index) => {
              const label = `Photo ${index + 1} of ${tool.name}`;
              return (
                <li key={image._id} className="tool-photos-item">
                  <img
                    src={image.variants[0]?.url}
                    srcSet={imageSrcSet(image)}
                    sizes="10rem"
                    alt={label}
                    width={image.width}
                    height={image.height}
                    loading="lazy"
                  />
                  {index === 0 ? (
                    <p className="tool-photos-main">Main photo</p>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      disabled={busy}
                      aria-label={`Make photo ${index + 1} the main photo`}
                      onClick={() => makeMain(image._id)}
                    >
                      Make main
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    disabled={busy}
                    aria-label={`Remove photo ${index + 1}`}
                    onClick={() => removePhoto(image._id)}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="tool-photos-empty">No photos yet.</p>
        )}

        <FormField
          label="Add photos"
          hint={
            full
              ? `This tool has ${MAX_TOOL_IMAGES} photos, the most it can have.`
              : `JPEG, PNG or WebP, up to ${MAX_MB} MB each.`
          }
        >
          {(control) => (
            <input
              {...control}
              type="file"
              accept={ACCEPT.join(',')}
              multiple
              className="input"
              disabled={busy || full}
              onChange={(event) => {
                const input = event.currentTarget;
                void onFiles(input.files).finally(() => {
                  input.value = '';
                });
              }}
            />
          )}
        </FormField>

        {progress ? (
          <div className="tool-photos-progress" role="status">
            <progress
              max={progress.total}
              value={progress.done}
              aria-label={`Uploading photo ${progress.done + 1} of ${progress.total}`}
            />
            <span>
              Uploading photo {progress.done + 1} of {progress.total}…
            </span>
          </div>
        ) : (
          <p role="status" className="tool-photos-status">
            {status}
          </p>
        )}
        {errors.length ? (
          <ul role="alert" className="alert alert-danger tool-photos-errors">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
