import { Button, CircularProgress, FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { ADMIN_TEXTS, type PermissionType, type TMatrixTask, TOAST_DURATIONS_MS } from '@sim/shared';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { errorMessage } from '../../../lib/api-client';
import { companiesQueryOptions } from '../../../lib/pickers';
import { usePermissions, useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useMatrix } from '../api/get-matrix';
import { useSaveRolePermissions } from '../api/save-role-permissions';
import { changedRoles, type MatrixSelection, selectionFromRoles, toggle } from '../lib/matrix-rules';
import { MatrixTable } from './matrix-table';
import { PermissionDetailsView } from './permission-details-view';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/**
 * The PERMISSIONS tab: the matrix, held until Save (permissions create); 'Permissions Saved
 * Successfully!' for 5 s; leaving with unsaved changes asks first.
 */
export function PermissionsTab() {
  const { user } = useSession();
  const { can } = usePermissions();
  const companies = useQuery(companiesQueryOptions());
  const [companyId, setCompanyId] = useState<string | null>(user?.company_id ?? null);
  const matrix = useMatrix(companyId);
  const save = useSaveRolePermissions();
  const saved = useMemo(() => selectionFromRoles(matrix.data?.roles ?? []), [matrix.data]);
  const [current, setCurrent] = useState<MatrixSelection>(saved);
  const [details, setDetails] = useState<TMatrixTask | null>(null);
  const toast = useToast();
  useEffect(() => setCurrent(saved), [saved]);

  const onToggle = useCallback(
    (roleId: string, task: TMatrixTask, type: PermissionType) => setCurrent((sel) => toggle(sel, roleId, task, type)),
    [],
  );
  const changes = changedRoles(saved, current);
  const dirty = changes.length > 0;
  const editable = can('permissions', 'create');

  const onSave = () =>
    save.mutate(
      { permission_data: changes },
      {
        // 'Permissions Saved Successfully!' for about 5 seconds (section 4)
        onSuccess: () =>
          toast.show('success', ADMIN_TEXTS.permissionsSaved, { durationMs: TOAST_DURATIONS_MS.permissionsSaved }),
        onError: (error) => toast.show('error', errorMessage(error)),
      },
    );

  let body: ReactNode;
  if (matrix.isError && !matrix.data) body = <ErrorState error={matrix.error} onRetry={() => void matrix.refetch()} />;
  else if (!matrix.data) body = <PageSpinner />;
  else if (details)
    body = (
      <PermissionDetailsView
        task={details}
        onDone={(message) => {
          setDetails(null);
          if (message) toast.show('success', message);
        }}
      />
    );
  else if (matrix.data.roles.length === 0)
    body = <Typography color="text.secondary">{ADMIN_TEXTS.noRolesForMatrix}</Typography>;
  else
    body = (
      <MatrixTable
        products={matrix.data.list}
        roles={matrix.data.roles}
        selection={current}
        editable={editable}
        onToggle={onToggle}
        onEditDetails={setDetails}
      />
    );

  return (
    <Stack spacing={2}>
      <UnsavedChangesGuard dirty={dirty} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {ADMIN_TEXTS.managePermissions}
        </Typography>
        {(companies.data?.length ?? 0) > 1 ? (
          <FormControl size="small" sx={{ minWidth: 220 }}>
            <InputLabel id="matrix-company-label">{ADMIN_TEXTS.company}</InputLabel>
            <Select
              labelId="matrix-company-label"
              label={ADMIN_TEXTS.company}
              value={companyId ?? ''}
              disabled={dirty}
              onChange={(event) => setCompanyId(event.target.value)}
            >
              {(companies.data ?? []).map((c) => (
                <MenuItem key={c._id} value={c._id}>
                  {c.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        ) : null}
        {details ? null : (
          <PermissionTooltip allowed={editable} title={ADMIN_TEXTS.noPermissionSaveMatrix}>
            <Button
              variant="contained"
              onClick={onSave}
              disabled={!editable || !dirty || save.isPending}
              startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {ADMIN_TEXTS.saveMatrix}
            </Button>
          </PermissionTooltip>
        )}
      </Stack>
      {body}
    </Stack>
  );
}
