import { ImportExcelTab } from "@/features/import/components/import-excel-tab";

/** The schedule's 'Import Excel' tab. */
export function ImportTab() {
  return <ImportExcelTab />;
}
