import { Group, Radio, SimpleGrid, Text } from '@mantine/core';
import type { Choice } from '../api/get-wizard-lookup.ts';

type ChoiceCardsProps = {
  choices: Choice[];
  value: number | null;
  onChange: (id: number) => void;
  labelledBy: string;
};

/** A single choice as large radio cards (docs/product.md §C2); arrow keys move between them like any radio group. */
export function ChoiceCards({ choices, value, onChange, labelledBy }: ChoiceCardsProps) {
  return (
    <Radio.Group
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(Number(next))}
      aria-labelledby={labelledBy}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {choices.map((choice) => (
          <Radio.Card key={choice.id} value={String(choice.id)} radius="md" p="md" className="dd-choice-card">
            <Group wrap="nowrap" align="center" gap="sm">
              <Radio.Indicator />
              <Text fw={600} size="md">
                {choice.title}
              </Text>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
