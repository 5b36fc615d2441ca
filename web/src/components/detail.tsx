import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a DataList (a license's type, a user's email). */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
