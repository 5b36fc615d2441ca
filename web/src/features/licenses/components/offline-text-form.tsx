import { Button, FileInput, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { OFFLINE_FILE_MAX, offlineTexts, offlineTextSchema, type OfflineTextKind } from '../offline-texts';

interface OfflineTextFormProps<Result> {
  kind: OfflineTextKind;
  /** The text box's label and hint, the file field's label, the button's text. */
  texts: { field: string; hint: string; file: string; submit: string };
  /** Sends the checked (trimmed) text: the cmd's call. */
  send: (text: string) => Promise<Result>;
  /** What the portal's answer means, as the notification says it. */
  success: (result: Result) => string;
  /** What the screen does with the answer besides saying it (the box empties anyway). */
  onSuccess?: (result: Result) => void;
}

/**
 * One of the machine's texts brought to the portal: pasted into the box, or read from its file into
 * the box (so what is sent is in sight). A file larger than any the machine writes is refused before it
 * is read; the text is checked for its kind before it is sent (a return code in the request box says
 * where it goes), and the portal's own refusal shows as it words it.
 */
export function OfflineTextForm<Result>({ kind, texts, send, success, onSuccess }: OfflineTextFormProps<Result>) {
  const form = useSchemaForm(offlineTextSchema(kind), { text: '' });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const submit = useSubmit(({ text }: { text: string }) => send(text), {
    success,
    onSuccess: (result) => {
      form.reset();
      setFile(null);
      onSuccess?.(result);
    },
  });

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setFileError(null);
    if (!chosen) return;
    if (chosen.size > OFFLINE_FILE_MAX) {
      setFileError(offlineTexts.fileTooLarge(chosen.name));
      return;
    }
    try {
      form.setFieldValue('text', await chosen.text());
    } catch {
      setFileError(offlineTexts.fileUnreadable(chosen.name));
      return;
    }
    form.validateField('text');
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(submit.run)}
    >
      <Stack gap="sm" maw={640}>
        <Textarea
          label={texts.field}
          description={texts.hint}
          rows={4}
          autoComplete="off"
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } }}
          {...form.getInputProps('text')}
        />
        <FileInput
          label={texts.file}
          clearable
          clearButtonProps={{ 'aria-label': offlineTexts.clearFile }}
          value={file}
          onChange={(chosen) => void choose(chosen)}
          error={fileError}
          maw={360}
        />
        <div>
          <Button type="submit" loading={submit.pending} disabled={form.values.text.trim() === ''}>
            {texts.submit}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
