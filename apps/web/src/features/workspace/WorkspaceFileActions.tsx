import { ExportMenu, ImportButton } from '../files';
import { projectsApi, type ProjectDetail } from '../projects/api';

type Props = {
  companyId: number;
  projectId: number;
  /** Version of the workbook on the server the open document is based on (optimistic lock). */
  version: number;
  /** Calculation state of the open document: the PDF needs a fresh calculation. */
  calculationStatus: 'none' | 'fresh' | 'stale';
  readOnly: boolean;
  /** Saves pending edits first, so that an import never races the autosave. */
  saveNow: () => Promise<void>;
  /** The workbook on the server was replaced (import or undo): show the server's state. */
  onReplaced: (detail: ProjectDetail) => void;
};

/**
 * Import (Excel or XML, with preview and undo) and export (PDF de/en, Excel, XML) in the workspace
 * toolbar. After an import or its undo the project is reloaded from the server, so the grid shows
 * exactly what was stored and the autosave continues from the new version.
 */
export const WorkspaceFileActions = ({
  companyId,
  projectId,
  version,
  calculationStatus,
  readOnly,
  saveNow,
  onReplaced,
}: Props) => {
  const reload = async () => {
    const { data } = await projectsApi.detail(companyId, projectId);
    onReplaced(data);
  };
  return (
    <>
      <span onClickCapture={() => void saveNow()}>
        <ImportButton
          companyId={companyId}
          projectId={projectId}
          version={version}
          disabled={readOnly}
          onImported={() => void reload()}
          onUndone={() => void reload()}
        />
      </span>
      <ExportMenu
        companyId={companyId}
        projectId={projectId}
        calculationStatus={calculationStatus}
      />
    </>
  );
};
