import { Button, Checkbox, FileInput, Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type CmdInput } from '../../../../../shared/contract/define';
import { type IvCurve, userContract } from '../../../../../shared/contract/user';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useSubmit } from '../../../lib/forms/use-submit';
import { applyIvCurveChange } from '../iv-curve-list-cache';
import { fileProblem, ivCurveTexts } from '../messages';
import { CurveProductField } from './curve-product-field';

const PRODUCT_ID = /^[1-9]\d{0,14}$/;

export interface UploadCurveFormProps {
  /** The curve whose file the form replaces; without one it uploads a new curve. */
  curve?: IvCurve;
  /** The caller may make curves public (an admin): the form offers Public, and any product by its Id. */
  canPublish: boolean;
  /** After a successful upload. */
  onDone?: () => void;
  /** Shown as a Cancel button when given (an update can be given up). */
  onCancel?: () => void;
}

/**
 * Upload a curve file: the file (checked for size here, for everything else by the server), an optional
 * product (a customer's own units by name, see CurveProductField), Public for admins; Upload, enabled once a file is chosen. An update sends the product id
 * only when it was changed, and keeps the curve's id.
 */
export function UploadCurveForm({ curve, canPublish, onDone, onCancel }: UploadCurveFormProps) {
  const queryClient = useQueryClient();
  // Its answer is the curve as the list shows it, and goes straight into the list.
  const upload = useCmdMutation(userContract, 'upload_iv_curve', { onSuccess: (stored) => applyIvCurveChange(queryClient, { stored }) });
  const initialProductId = curve?.product_id ? String(curve.product_id) : '';
  const [file, setFile] = useState<File | null>(null);
  const [productId, setProductId] = useState(initialProductId);
  const [isPublic, setPublic] = useState(curve?.public ?? false);
  const problem = fileProblem(file);
  const product = productId.trim();
  const productProblem = product !== '' && !PRODUCT_ID.test(product) ? ivCurveTexts.productId : null;

  const submit = useSubmit(
    (chosen: File) => {
      const input: CmdInput<typeof userContract, 'upload_iv_curve'> = {
        ...(curve ? { upload_type: 'update', id: curve.id } : { upload_type: 'new' }),
        ...(product !== '' && product !== initialProductId ? { product_id: product } : {}),
        ...(canPublish ? { public: isPublic } : {}),
        uploaded_file: chosen,
      };
      return upload.mutateAsync(input);
    },
    {
      success: (stored) => {
        // An owner's update of a published curve makes it private until an admin publishes it again: say so.
        const unpublished = curve?.public === true && !stored.public;
        return curve ? (unpublished ? ivCurveTexts.updatedPrivate : ivCurveTexts.updated)(stored.id, stored.version) : ivCurveTexts.uploaded(stored.id);
      },
      onSuccess: () => {
        setFile(null);
        if (!curve) setProductId('');
        onDone?.();
      },
    },
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (file && !problem && !productProblem) void submit.run(file);
      }}
    >
      <Stack gap="sm">
        <FileInput
          label="Curve file"
          description={ivCurveTexts.fileHint}
          accept=".csv,text/csv,text/plain"
          maw={520}
          required
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
          value={file}
          onChange={setFile}
          error={problem}
          // An update is opened from a row below: the keyboard goes on in the form.
          autoFocus={curve !== undefined}
        />
        <CurveProductField
          value={productId}
          onChange={setProductId}
          current={curve?.product_id ?? null}
          anyProduct={canPublish}
          error={productProblem}
        />
        {canPublish ? (
          <Checkbox label="Public: every user sees this curve" checked={isPublic} onChange={(event) => setPublic(event.currentTarget.checked)} />
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={submit.pending} disabled={!file || problem !== null || productProblem !== null}>
            {curve ? 'Update' : 'Upload'}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
