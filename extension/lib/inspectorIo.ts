/** What the inspector asks of the page around it, and how it writes a time of day. */

/** What the page around the inspector provides (the clipboard and downloads, stubbed in tests). */
export interface InspectorIo {
  copy(text: string): Promise<void>;
  download(text: string, name: string, type: string): void;
}

/** The real clipboard and downloads of the inspector's page. */
export const browserIo: InspectorIo = {
  copy: (text) => navigator.clipboard.writeText(text),
  download(text, name, type) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  },
};

/** A time of day in the reader's own format. */
export const clock = (ms: number): string => new Date(ms).toLocaleTimeString();
