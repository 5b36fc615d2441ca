import { userContract } from '../../../../shared/contract/user';
import { call } from '../../api/client';

/** Reads a curve's file as uploaded (`user/get_iv_curve_file`) and saves it in the browser's downloads, under the curve's name (`{id}-v{version}.csv`). */
export async function downloadIvCurveFile(id: number): Promise<void> {
  const file = await call(userContract, 'get_iv_curve_file', { id });
  const url = URL.createObjectURL(new Blob([file.content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the data to the download; the URL is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
