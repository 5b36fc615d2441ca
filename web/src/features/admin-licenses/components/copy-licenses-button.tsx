import { Button } from '@mantine/core';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { call } from '../../../api/client';
import { readCsvExport } from '../../../api/csv-export';
import { copyText } from '../../../lib/clipboard';
import { useSubmit } from '../../../lib/forms/use-submit';
import { type LicenseExportParams } from '../license-list-query';
import { adminLicenseNotices } from '../messages';

/**
 * Copy to clipboard: the list as filtered and sorted, every page, as CSV (get_license_users writes the
 * file, the button reads it and puts its text on the clipboard), then a short confirmation.
 */
export function CopyLicensesButton({ params }: { params: LicenseExportParams }) {
  // The clipboard write starts inside the click (copyText), while the file is still being made.
  const copy = useSubmit(() => copyText(call(licAdminContract, 'get_license_users', params).then(({ filename }) => readCsvExport(filename))), {
    success: () => adminLicenseNotices.copied,
  });
  return (
    <Button variant="default" size="sm" loading={copy.pending} onClick={() => void copy.run()}>
      Copy to clipboard
    </Button>
  );
}
