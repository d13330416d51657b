import { makeAutoObservable } from 'mobx';
import { viewportKind } from '../core/product.js';

/** The one viewport every component reads (mobile up to 768 px, tablet up to 1024 px, desktop above). */
export class ViewportStore {
  width: number;

  constructor(width: number) {
    this.width = width;
    makeAutoObservable(this);
  }

  /** 'desktop' above 1024 px, 'tablet' from 769 to 1024, 'mobile' at 768 or less. */
  get kind(): 'mobile' | 'tablet' | 'desktop' {
    return viewportKind(this.width);
  }

  get isDesktop(): boolean {
    return this.kind === 'desktop';
  }

  setWidth(width: number): void {
    this.width = width;
  }
}
