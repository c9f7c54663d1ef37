import type { ClienteResumen } from '@extranet/contracts/auth/login';
import {
  Button,
  Group,
  Modal,
  Radio,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchesSearch } from '../../../lib/matches-search';

/** Spec §2, §9: the search box appears only with MORE than this many companies. */
export const SEARCH_THRESHOLD = 6;

export interface CompanySelectionDialogProps {
  opened: boolean;
  /** Dialog title: 'Seleccionar cliente conexión' for customers. */
  title: string;
  companies: ClienteResumen[];
  /**
   * After a login with several companies the choice is mandatory (spec §2): no close button,
   * no Escape or outside click, and no Cancelar.
   */
  mandatory: boolean;
  /** Cancelar (only when not mandatory): closes without a selection. */
  onCancel?: () => void;
  /** Seleccionar: the chosen company. */
  onSelect: (company: ClienteResumen) => void;
  /** The choice is being sent to the server. */
  submitting?: boolean;
}

/** The client selection dialog of spec §2 (also used when a carrier user has several companies). */
export function CompanySelectionDialog({
  opened,
  title,
  companies,
  mandatory,
  onCancel,
  onSelect,
  submitting = false,
}: CompanySelectionDialogProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const close = () => {
    if (!mandatory) onCancel?.();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size="lg"
      centered
      fullScreen={phone}
      withCloseButton={!mandatory}
      closeOnEscape={!mandatory}
      closeOnClickOutside={!mandatory}
    >
      {opened && (
        <CompanyChooser
          companies={companies}
          mandatory={mandatory}
          onCancel={close}
          onSelect={onSelect}
          submitting={submitting}
        />
      )}
    </Modal>
  );
}

function CompanyChooser({
  companies,
  mandatory,
  onCancel,
  onSelect,
  submitting,
}: Pick<CompanySelectionDialogProps, 'companies' | 'mandatory' | 'onSelect'> & {
  onCancel: () => void;
  submitting: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<number | undefined>(undefined);
  const withSearch = companies.length > SEARCH_THRESHOLD;
  const visible = useMemo(
    () => (withSearch ? companies.filter((company) => matchesSearch(company, search)) : companies),
    [companies, search, withSearch],
  );
  const selected = companies.find((company) => company.id === selectedId);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (selected && !submitting) onSelect(selected);
      }}
    >
      <Stack gap="md">
        {withSearch && (
          <TextInput
            aria-label={t('chooser.search')}
            placeholder={t('chooser.search')}
            type="search"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-autofocus
          />
        )}
        <ScrollArea.Autosize mah="55dvh" type="auto" offsetScrollbars>
          <Table highlightOnHover stickyHeader verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('chooser.id')}</Table.Th>
                <Table.Th>{t('chooser.name')}</Table.Th>
                <Table.Th>{t('chooser.locality')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.map((company) => {
                const isSelected = company.id === selectedId;
                return (
                  <Table.Tr
                    key={company.id}
                    onClick={() => setSelectedId(company.id)}
                    bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}
                    style={{ cursor: 'pointer' }}
                  >
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {/* A radio group: arrow keys move the choice, as a keyboard user expects. */}
                        <Radio
                          name="company"
                          value={String(company.id)}
                          checked={isSelected}
                          onChange={() => setSelectedId(company.id)}
                          aria-label={t('chooser.choose', {
                            name: company.razon_social,
                            locality: company.localidad,
                          })}
                        />
                        <span>{company.id}</span>
                      </Group>
                    </Table.Td>
                    <Table.Td>{company.razon_social}</Table.Td>
                    <Table.Td>{company.localidad}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        {visible.length === 0 && (
          <Text c="dimmed" size="sm" role="status">
            {t('chooser.empty')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          {!mandatory && (
            <Button variant="default" onClick={onCancel}>
              {t('chooser.cancel')}
            </Button>
          )}
          <Button type="submit" disabled={!selected} loading={submitting}>
            {t('chooser.select')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
