'use client';

import { type DragEvent, useMemo, useState } from 'react';

/**
 * A page that takes a file dropped anywhere on it: whether one is being dragged over (to show the
 * overlay), and the handlers to spread on the page's element. Drags that carry no file pass through.
 */
export function useFileDrop(onFile: (file: File) => void) {
  const [dragging, setDragging] = useState(false);
  const dropTarget = useMemo(
    () => ({
      onDragOver(event: DragEvent) {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      },
      onDragLeave(event: DragEvent) {
        if (event.currentTarget === event.target || event.relatedTarget === null) setDragging(false);
      },
      onDrop(event: DragEvent) {
        const file = event.dataTransfer.files[0];
        setDragging(false);
        if (file === undefined) return;
        event.preventDefault();
        onFile(file);
      },
    }),
    [onFile],
  );
  return { dragging, dropTarget };
}
