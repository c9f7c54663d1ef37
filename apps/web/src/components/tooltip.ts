// Mantine's tooltip as a module of its own, for `TooltipOnUse` to load on first hover: a
// dynamic import of '@mantine/core' itself would bring the whole library into the entry.
export { Tooltip } from '@mantine/core';
