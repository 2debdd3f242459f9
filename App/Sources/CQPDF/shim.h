// qpdf's C API (Debian's libqpdf-dev), used only by the page-counting child process.
#ifndef LOTS_CQPDF_SHIM_H
#define LOTS_CQPDF_SHIM_H

#include <qpdf/qpdf-c.h>

#endif
