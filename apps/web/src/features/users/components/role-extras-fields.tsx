import { isRole, mayAssignRole, ROLE_LABELS, ROLES, type Role, roleHasExtra } from '@dd/domain';
import { MultiSelect, Select, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useProductLabel } from '../../../lib/app-config.ts';
import type { TechGroup } from '../../../lib/tech-options.ts';
import { AvatarInput } from '../../../lib/ui/avatar-input.tsx';
import { uploadImage } from '../../../lib/upload-image.ts';
import type { Option } from '../api/get-user-form-options.ts';

type RoleExtrasFieldsProps = {
  role: Role | '';
  companyId: string | null;
  teamIds: string[];
  techIds: string[];
  onChange: (patch: { companyId?: string | null; teamIds?: string[]; techIds?: string[] }) => void;
  companies: Option[];
  teams: Option[];
  techGroups: TechGroup[];
  /** The New User form asks for one team for a project manager (docs/product.md §A2); edit user for several. */
  singleTeamFor?: Role;
};

/**
 * The role-dependent extras (docs/product.md §A2): a client gets Client company; a projectManager gets {product};
 * a developer gets {product} and Tech expertise selects grouped Backend, Frontend, ... Other.
 */
export function RoleExtrasFields(props: RoleExtrasFieldsProps) {
  const product = useProductLabel();
  const { role } = props;
  if (role === '') return null;
  const techSet = new Set(props.techIds);
  const single = props.singleTeamFor === role;
  return (
    <Stack gap="md">
      {roleHasExtra(role, 'company') && (
        <Select
          size="md"
          label="Client company"
          placeholder="Choose a company"
          data={props.companies}
          value={props.companyId}
          onChange={(companyId) => props.onChange({ companyId })}
          searchable
          clearable
          nothingFoundMessage="No company matches"
        />
      )}
      {roleHasExtra(role, 'team') &&
        (single ? (
          <Select
            size="md"
            label={product}
            placeholder={`Choose a ${product.toLowerCase()}`}
            data={props.teams}
            value={props.teamIds[0] ?? null}
            onChange={(id) => props.onChange({ teamIds: id ? [id] : [] })}
            searchable
            clearable
            nothingFoundMessage="Nothing matches"
          />
        ) : (
          <MultiSelect
            size="md"
            label={product}
            placeholder={props.teamIds.length ? undefined : `Choose ${product.toLowerCase()}s`}
            data={props.teams}
            value={props.teamIds}
            onChange={(teamIds) => props.onChange({ teamIds })}
            searchable
            clearable
            nothingFoundMessage="Nothing matches"
          />
        ))}
      {roleHasExtra(role, 'tech') && (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)', marginBottom: 8 }}>
            Tech expertise
          </legend>
          <Stack gap="sm">
            {props.techGroups.map((group) => {
              const values = group.items.map((i) => i.value);
              return (
                <MultiSelect
                  size="md"
                  key={group.group}
                  label={group.group}
                  data={group.items}
                  value={values.filter((v) => techSet.has(v))}
                  onChange={(picked) =>
                    props.onChange({
                      techIds: [...props.techIds.filter((id) => !values.includes(id)), ...picked],
                    })
                  }
                  searchable
                  clearable
                  nothingFoundMessage="Nothing matches"
                />
              );
            })}
          </Stack>
        </fieldset>
      )}
    </Stack>
  );
}

type UserExtras = {
  avatar: string;
  role: Role | '';
  companyId: string | null;
  teamIds: string[];
  techIds: string[];
};

/**
 * The end of both user forms (create and edit): the avatar, then the role's extras, read from and written
 * to the form's values.
 */
export function AvatarAndRoleExtras(props: {
  values: UserExtras;
  setValues: (patch: Partial<UserExtras>) => void;
  options: { companies: Option[]; teams: Option[]; techGroups: TechGroup[] };
  singleTeamFor?: Role;
}) {
  const { values, setValues, options } = props;
  return (
    <>
      <AvatarInput value={values.avatar} onChange={(avatar) => setValues({ avatar })} upload={uploadImage} />
      <RoleExtrasFields
        role={values.role}
        companyId={values.companyId}
        teamIds={values.teamIds}
        techIds={values.techIds}
        onChange={setValues}
        companies={options.companies}
        teams={options.teams}
        techGroups={options.techGroups}
        {...(props.singleTeamFor ? { singleTeamFor: props.singleTeamFor } : {})}
      />
    </>
  );
}

/**
 * The role picker of both user forms: the roles this actor may give a user who has `current` (null for a
 * new user). An empty or unselected choice is ignored (docs/product.md §A4, §A5).
 */
export function RoleSelect(props: {
  label: string;
  placeholder?: string;
  actorRole: Role | undefined;
  current: Role | null;
  value: Role | '';
  onChange: (role: Role) => void;
  error?: ReactNode;
}) {
  const { actorRole, current } = props;
  const data = ROLES.filter((r) => actorRole && mayAssignRole(actorRole, current, r)).map((r) => ({
    value: r,
    label: ROLE_LABELS[r],
  }));
  return (
    <Select
      size="md"
      label={props.label}
      placeholder={props.placeholder}
      data={data}
      value={props.value || null}
      onChange={(role) => {
        if (role && isRole(role)) props.onChange(role);
      }}
      error={props.error}
      allowDeselect={false}
    />
  );
}
