import type { MantineColorsTuple } from '@mantine/core';

/** The theme's primary colour. */
export const PRIMARY = 'blue';

/**
 * Mantine's palettes with the shades that carry text made readable (WCAG 2.1 AA), as palette.ts computes them:
 * written out so a phone does not compute them on every first page (15 ms); theme.test.ts checks the two agree.
 */
export const READABLE_COLORS: Record<string, MantineColorsTuple> = {
  gray: ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#60666c', '#495057', '#343a40', '#212529'],
  red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#cd4343', '#d13636', '#c52b2b', '#af2525'],
  pink: ['#fff0f6', '#ffdeeb', '#fcc2d7', '#faa2c1', '#f783ac', '#f06595', '#ca4071', '#d03169', '#c0255b', '#a61e4d'],
  grape: ['#f8f0fc', '#f3d9fa', '#eebefa', '#e599f7', '#da77f2', '#cc5de8', '#af45c9', '#ac3dc7', '#9935b1', '#862e9c'],
  violet: ['#f3f0ff', '#e5dbff', '#d0bfff', '#b197fc', '#9775fa', '#845ef7', '#7950f2', '#7048e8', '#6741d9', '#5939b8'],
  indigo: ['#edf2ff', '#dbe4ff', '#bac8ff', '#91a7ff', '#748ffc', '#5c7cfa', '#496aeb', '#4263eb', '#3a59d7', '#3249b7'],
  blue: ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#1d78c6', '#1973c3', '#1768b2', '#165b9c'],
  cyan: ['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#3bc9db', '#22b8cf', '#10808f', '#0d7b8c', '#0a7485', '#0a697a'],
  teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#0d8460', '#09815e', '#077956', '#077050'],
  green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#2c843c', '#288037', '#257b35', '#237133'],
  lime: ['#f4fce3', '#e9fac8', '#d8f5a2', '#c0eb75', '#a9e34b', '#94d82d', '#538113', '#4f7d0f', '#49790b', '#48730a'],
  yellow: ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#996b03', '#9a6400', '#9e5c00', '#a35400'],
  orange: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#b65b0e', '#be4f05', '#b54509', '#ab390c'],
};
