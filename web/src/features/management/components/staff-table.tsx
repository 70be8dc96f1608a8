import { KeyRound, ShieldCheck, Trash } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, EditableRow, EmailText, TableButton, TableLink, type DataTableColumn } from '@/components/data-table';
import { messages } from '@/config/messages';
import { ACCOUNT_PHONE_INPUT_MODE, ACCOUNT_PHONE_MAX_LENGTH } from '@/lib/account-phone';
import { errorMessage } from '@/lib/api-client';
import { matchesSearch } from '@/lib/search';
import { notify } from '@/lib/notify';
import type { ServerDataHandle } from '@/lib/use-server-data';
import type { User } from '@/stores/auth-store';
import { personKey, type PeopleCalls, type PersonChanges } from '../api/people';
import { personErrors, trimmed } from '../validation';

/** Short role names: the column is narrow on a tablet. */
const roleNames: Record<User['role'], string> = { admin: 'Admin', staff: 'Staff', 'super-admin': 'Super admin' };

const columns: DataTableColumn[] = [
  { id: 'no', header: 'No', className: 'data-table__number' },
  { id: 'name', header: 'Name' },
  { id: 'staffId', header: 'ID', className: 'data-table__nowrap' },
  { id: 'role', header: 'Role', className: 'data-table__nowrap' },
  { id: 'email', header: 'Email' },
  { id: 'mobile', header: 'Mobile', className: 'data-table__nowrap' },
  { id: 'actions', header: 'Actions', headerHidden: true },
];

interface StaffTableProps {
  /** Names the table, e.g. "Employees of Corner Grocery". */
  label: string;
  people: ServerDataHandle<User[]>;
  searchText: string;
  calls: Pick<PeopleCalls, 'update' | 'remove'>;
  permissionsPath: (id: string) => string;
  resetPasswordPath: (id: string) => string;
  /**
   * The shop admin's table: an admin's row shows the text "Admin" instead of its
   * actions. The server refuses an admin acting on an admin (docs/api-management.md, 403), so
   * edit and reset are left out of that row too rather than offered to fail.
   */
  adminRowsLocked?: boolean;
  empty: ReactNode;
}

/**
 * The employees table (super admin) and the staff table (shop admin): No, name, ID, role,
 * email, mobile; inline edit of name, email and mobile; delete after SPEC's confirmation; links
 * to the person's permissions and password reset. Filtered by the search text on name, email
 * and phone.
 */
export function StaffTable({
  label,
  people,
  searchText,
  calls,
  permissionsPath,
  resetPasswordPath,
  adminRowsLocked = false,
  empty,
}: StaffTableProps) {
  const [deleting, setDeleting] = useState<User | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const tableRef = useRef<HTMLDivElement>(null);
  const { state, reload, update } = people;

  const shown =
    state.status === 'ready'
      ? state.data.filter((person) => matchesSearch(searchText, [person.userName, person.email, person.phoneNumber]))
      : [];

  async function save(person: User, draft: PersonChanges): Promise<boolean> {
    try {
      const saved = await calls.update(personKey(person), trimmed(draft));
      update((list) => list.map((known) => (known._id === person._id ? saved : known)));
      notify.success(messages.staffUpdated);
      return true;
    } catch (error) {
      notify.error(errorMessage(error, messages.staffUpdateFailed));
      return false;
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await calls.remove(personKey(deleting));
      const removed = deleting;
      update((list) => list.filter((known) => known._id !== removed._id));
      notify.success(messages.staffDeleted);
    } catch (error) {
      notify.error(errorMessage(error, messages.staffDeleteFailed));
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  }

  const tableState =
    state.status === 'error'
      ? { status: 'error' as const, message: state.message, onRetry: reload }
      : state.status === 'ready'
        ? { status: 'ready' as const }
        : { status: 'loading' as const, label: 'Loading staff…' };

  return (
    <>
      <DataTable
        ref={tableRef}
        label={label}
        columns={columns}
        state={tableState}
        rowCount={shown.length}
        empty={state.status === 'ready' && state.data.length > 0 ? 'No one matches the search.' : empty}
      >
        {shown.map((person, index) => {
          const id = personKey(person);
          const locked = adminRowsLocked && person.role === 'admin';
          const linkState = { name: person.userName };
          return (
            <EditableRow
              key={person._id}
              name={person.userName}
              editable={!locked}
              values={{ userName: person.userName, email: person.email, phoneNumber: person.phoneNumber }}
              validate={personErrors}
              onSave={(draft) => save(person, draft)}
              cells={[
                { id: 'no', view: index + 1, className: 'data-table__number' },
                { id: 'name', view: person.userName, edit: { field: 'userName', label: 'Name', autoCapitalize: 'words' } },
                { id: 'staffId', view: person.staffId ?? '—', className: 'data-table__nowrap' },
                { id: 'role', view: roleNames[person.role], className: 'data-table__nowrap' },
                { id: 'email', view: <EmailText email={person.email} />, edit: { field: 'email', label: 'Email', type: 'email', inputMode: 'email' } },
                {
                  id: 'mobile',
                  view: person.phoneNumber,
                  className: 'data-table__nowrap',
                  edit: { field: 'phoneNumber', label: 'Mobile', type: 'tel', inputMode: ACCOUNT_PHONE_INPUT_MODE, maxLength: ACCOUNT_PHONE_MAX_LENGTH },
                },
              ]}
              actions={
                locked ? (
                  <span className="table-note">Admin</span>
                ) : (
                  <>
                    <TableButton
                      icon={Trash}
                      label={`Delete ${person.userName}`}
                      tone="danger"
                      onClick={() => setDeleting(person)}
                    />
                    <TableLink icon={ShieldCheck} label={`Permissions of ${person.userName}`} to={permissionsPath(id)} state={linkState} />
                    <TableLink
                      icon={KeyRound}
                      label={`Reset password of ${person.userName}`}
                      to={resetPasswordPath(id)}
                      state={linkState}
                    />
                  </>
                )
              }
            />
          );
        })}
      </DataTable>
      <ConfirmDialog
        open={deleting !== null}
        message={messages.confirmDeleteStaff}
        detail={deleting ? [deleting.userName, deleting.staffId].filter(Boolean).join(' · ') : undefined}
        tone="danger"
        busy={deleteBusy}
        busyLabel="Deleting…"
        fallbackFocus={() => tableRef.current}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
