import type { SharedFile } from '@shared/contract/files.ts';
import { formatFileSize } from '@shared/domain/files.ts';
import { useState } from 'react';
import { Download, Trash2 } from 'lucide-react';
import { Button } from '@web/components/ui/button.tsx';
import { ConfirmDialog } from '@web/components/venue/confirm-dialog.tsx';
import { useAction } from '@web/lib/action.ts';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { deleteFile, downloadFile, invalidateFiles } from '../api/files.ts';

/** Files with their size, date and sender; Download for each, Delete where the caller may. */
export function FileList({ files, empty, label }: { files: SharedFile[]; empty: string; label: string }) {
  if (files.length === 0) return <p className="text-muted-foreground">{empty}</p>;
  return (
    <ul aria-label={label} className="grid gap-3">
      {files.map((f) => (
        <FileRow key={f.fileId} file={f} />
      ))}
    </ul>
  );
}

function FileRow({ file }: { file: SharedFile }) {
  const format = useFormat();
  // A deletion cannot be undone (the file is gone for everyone who saw it): asked first.
  const [asking, setAsking] = useState(false);
  const download = useAction(() => downloadFile(file), { errorPrefix: `${t('files.list.downloadFailed')} ` });
  const remove = useAction(
    async () => {
      await deleteFile(file);
      invalidateFiles();
    },
    {
      success: t('files.list.deleted', { name: file.name }),
      successAs: 'toast',
      errorPrefix: `${t('files.list.deleteFailed')} `,
    },
  );
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border p-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{file.name}</p>
        <p className="text-sm text-muted-foreground">
          {formatFileSize(file.size)} · {format.date(file.uploadedAt)} ·{' '}
          {t('files.list.from', { name: tm(file.from) })}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={download.busy}
          aria-label={t('files.list.downloadLabel', { name: file.name })}
          onClick={() => void download.run()}
        >
          <Download className="size-4" aria-hidden="true" />
          {t('files.list.download')}
        </Button>
        {file.canDelete && (
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.busy}
            aria-label={t('files.list.deleteLabel', { name: file.name })}
            onClick={() => setAsking(true)}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {t('files.list.delete')}
          </Button>
        )}
      </div>
      {asking && (
        <ConfirmDialog
          title={t('files.list.confirmTitle', { name: file.name })}
          description={t(file.kind === 'share' ? 'files.list.confirmShare' : 'files.list.confirmUpload')}
          confirm={t('files.list.delete')}
          keep={t('files.list.keep')}
          onAnswer={(yes) => {
            setAsking(false);
            if (yes) void remove.run();
          }}
        />
      )}
    </li>
  );
}
