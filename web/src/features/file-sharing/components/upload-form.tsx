import { FILE_INPUT_ACCEPT, FILE_MESSAGES, MAX_FILE_BYTES } from '@shared/domain/files.ts';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { useAction } from '@web/lib/action.ts';
import { t, tm } from '@web/lib/i18n.tsx';

/**
 * A file picker and a send button. The size and an empty file are checked here as on the
 * server, so a parent on a slow phone connection hears "too large" before the upload; the
 * type is judged by the server from the content.
 */
export function UploadForm({
  label,
  submit,
  success,
  onUpload,
  children,
}: {
  /** The file field's label. */
  label: string;
  /** The button's text. */
  submit: string;
  success: (name: string) => string;
  onUpload: (file: File) => Promise<unknown>;
  /** More fields above the file (a registration picker). */
  children?: ReactNode;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const send = useAction(
    async (chosen: File) => {
      await onUpload(chosen);
      setFile(null);
      if (input.current) input.current.value = '';
      return chosen.name;
    },
    { success },
  );

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!file) return setProblem(FILE_MESSAGES.missing);
    if (file.size === 0) return setProblem(FILE_MESSAGES.empty);
    if (file.size > MAX_FILE_BYTES) return setProblem(FILE_MESSAGES.tooLarge);
    setProblem('');
    void send.run(file);
  }

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      {children}
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <Input
          ref={input}
          id={id}
          type="file"
          accept={FILE_INPUT_ACCEPT}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setProblem('');
          }}
        />
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {t('files.upload.hint')}
        </p>
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
            {tm(problem)}
          </p>
        )}
      </div>
      <div>
        <Button type="submit" disabled={send.busy}>
          {submit}
        </Button>
      </div>
    </form>
  );
}
