import { MESSAGES } from '@dd/domain';
import { Avatar, FileInput, Group, Loader } from '@mantine/core';
import { useState } from 'react';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif';

type AvatarInputProps = {
  label?: string;
  /** The stored image url, or '' for none. */
  value: string;
  onChange: (url: string) => void;
  /** Sends the picked file (POST /api/image/upload in the feature's api file) and answers its url. */
  upload: (file: File) => Promise<string>;
};

/**
 * Avatar upload for the admin forms: the picked image is uploaded at once and only its url becomes a
 * form value, so a draft never holds the file (docs/product.md §A4).
 */
export function AvatarInput({ label = 'Avatar', value, onChange, upload }: AvatarInputProps) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pick = async (picked: File | null) => {
    setFile(picked);
    setError(null);
    if (picked === null) {
      onChange('');
      return;
    }
    if (!IMAGE_TYPES.split(',').includes(picked.type)) {
      setError(MESSAGES.avatarExtension);
      return;
    }
    setBusy(true);
    try {
      onChange(await upload(picked));
    } catch {
      setError(MESSAGES.uploadError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="md" align="flex-end" wrap="nowrap">
      <Avatar src={value || null} alt="" size={56} radius="xl" />
      <FileInput
        size="md"
        style={{ flex: 1 }}
        label={label}
        accept={IMAGE_TYPES}
        clearable
        placeholder={value ? 'Replace the image' : 'Pick an image'}
        value={file}
        onChange={pick}
        error={error}
        rightSection={busy ? <Loader size="xs" /> : undefined}
      />
    </Group>
  );
}
