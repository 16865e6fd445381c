/** The file feature's components, for the workspace toolbar and the project list. */
export { ImportButton, type ImportButtonProps } from './ImportButton';
export { ImportUndoButton, type ImportUndoButtonProps } from './ImportUndoButton';
export { ImportPreviewDialog, type ImportPreviewDialogProps } from './ImportPreviewDialog';
export { ExportMenu, type ExportMenuProps } from './ExportMenu';
export { SampleFileLink } from './SampleFileLink';
export { filesApi, EXPORT_KINDS, type ExportKind } from './files-api';
