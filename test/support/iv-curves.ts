import { uploadApi, type FormFile } from './api';

/** The lines of a curve file in the documented format (docs/files.md, "IV curve files"). */
export function curveText(fields: { manufacturer?: string; model?: string; unit?: string; points?: [number, number][] } = {}): string {
  const points = fields.points ?? [
    [0, 52.1],
    [0.25, 51.9],
    [0.5, 40.2],
    [0.6, 0],
  ];
  return [
    `manufacturer,${fields.manufacturer ?? 'Acme Solar'}`,
    `model,${fields.model ?? 'SC-100'}`,
    `unit,${fields.unit ?? 'mA'}`,
    'voltage,current',
    ...points.map(([voltage, current]) => `${voltage},${current}`),
    '',
  ].join('\n');
}

export const curveFile = (content: string | Uint8Array<ArrayBuffer>, name = 'curve.csv'): FormFile => ({ name, content });

/** upload_iv_curve with the caller's token: the file and the other form fields. */
export const uploadCurve = (token: string, file: FormFile | null, fields: Record<string, string | number | boolean> = {}) =>
  uploadApi('user', { cmd: 'upload_iv_curve', upload_type: 'new', ...fields, ...(file ? { uploaded_file: file } : {}) }, token);
