//===- WeftOps.cpp - Verifiers and interfaces of weft's ops -----------------===//
//
// The verifiers say what a well-formed weft op is; the memory-effect
// interfaces tell upstream passes what weft's ops may touch.
//
//===----------------------------------------------------------------------===//
#include "weft/Dialect/Weft/IR/WeftDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace weft;

#define GET_OP_CLASSES
#include "weft/Dialect/Weft/IR/WeftOps.cpp.inc"

//===----------------------------------------------------------------------===//
// FieldOp
//===----------------------------------------------------------------------===//

LogicalResult FieldOp::verify() {
  auto base = cast<MemRefType>(getBase().getType());
  auto result = cast<MemRefType>(getResult().getType());
  if (!isa<StructType>(base.getElementType()))
    return emitOpError("base must be a memref of !weft.struct, not ")
           << base;
  if (result.getRank() < base.getRank())
    return emitOpError("a field view cannot have fewer dimensions (")
           << result.getRank() << ") than its base (" << base.getRank() << ")";
  for (int64_t d = 0; d < base.getRank(); ++d)
    if (base.getDimSize(d) != result.getDimSize(d))
      return emitOpError("dimension ")
             << d << " of the field view (" << result.getDimSize(d)
             << ") differs from its base (" << base.getDimSize(d) << ")";
  auto elem = cast<StructType>(base.getElementType());
  int64_t offset = getOffset(), size = getSize();
  if (offset < 0 || size <= 0 || (uint64_t)(offset + size) > elem.getSize())
    return emitOpError("field bytes [")
           << offset << ", " << offset + size << ") lie outside the "
           << elem.getSize() << "-byte struct";
  return success();
}

//===----------------------------------------------------------------------===//
// FlatOp
//===----------------------------------------------------------------------===//

LogicalResult FlatOp::verify() {
  auto base = cast<MemRefType>(getBase().getType());
  auto result = cast<MemRefType>(getResult().getType());
  if (result.getRank() != 1)
    return emitOpError("result must be one-dimensional, not ") << result;
  if (base.getElementType() != result.getElementType())
    return emitOpError("element types differ: ")
           << base.getElementType() << " and " << result.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// AddrOp
//===----------------------------------------------------------------------===//

LogicalResult AddrOp::verify() {
  auto type = cast<MemRefType>(getBase().getType());
  if ((int64_t)getIndices().size() > type.getRank())
    return emitOpError("has ") << getIndices().size()
                               << " indices for a memref of rank "
                               << type.getRank();
  if (getIndices().empty() && type.getRank() > 0)
    return emitOpError("needs at least one index into a ranked memref");
  return success();
}

//===----------------------------------------------------------------------===//
// EffectsOp
//===----------------------------------------------------------------------===//

/// Operands of an effects op must be memory: a memref, or a C pointer.
static bool isMemory(Type t) { return isa<MemRefType, PtrType>(t); }

LogicalResult EffectsOp::verify() {
  for (Value v : getReads())
    if (!isMemory(v.getType()))
      return emitOpError("reads a ") << v.getType()
                                     << ", which is not memory";
  for (Value v : getWrites())
    if (!isMemory(v.getType()))
      return emitOpError("writes a ") << v.getType()
                                      << ", which is not memory";
  if (getReason().empty())
    return emitOpError("needs a reason");
  return success();
}

void EffectsOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  for (OpOperand &v : getReadsMutable())
    effects.emplace_back(MemoryEffects::Read::get(), &v);
  for (OpOperand &v : getWritesMutable())
    effects.emplace_back(MemoryEffects::Write::get(), &v);
  if (getUnknownReads())
    effects.emplace_back(MemoryEffects::Read::get());
  if (getUnknownWrites())
    effects.emplace_back(MemoryEffects::Write::get());
}

//===----------------------------------------------------------------------===//
// CallOp
//===----------------------------------------------------------------------===//

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  // The callee must be declared (a definition, or a declaration of an
  // external function) so that analysis can look it up by name.
  auto fn = symbolTable.lookupNearestSymbolFrom(*this, getCalleeAttr());
  if (!fn)
    return emitOpError("calls '") << getCallee()
                                  << "', which the module does not declare";
  return success();
}

void CallOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // Unknown to MLIR: weft's analysis summarizes the callee itself.
  effects.emplace_back(MemoryEffects::Read::get());
  effects.emplace_back(MemoryEffects::Write::get());
}

//===----------------------------------------------------------------------===//
// OpaqueLoopOp
//===----------------------------------------------------------------------===//

LogicalResult OpaqueLoopOp::verify() {
  StringRef kind = getKind();
  if (kind != "while" && kind != "do" && kind != "for")
    return emitOpError("kind must be while, do or for, not '") << kind << "'";
  if (getReason().empty())
    return emitOpError("needs a reason");
  if (!isa<ConditionOp>(getCondition().front().getTerminator()))
    return emitOpError("condition region must end with weft.condition");
  if (!isa<YieldOp>(getBody().front().getTerminator()))
    return emitOpError("body region must end with weft.yield");
  return success();
}

//===----------------------------------------------------------------------===//
// CaptureAttr
//===----------------------------------------------------------------------===//

/// The combines a reduction capture may name (docs/outline.md).
static bool isReductionOp(llvm::StringRef op) {
  return llvm::is_contained({"add", "mul", "and", "or", "xor", "fmin",
                             "fmax", "min:lt", "min:le", "max:gt", "max:ge"},
                            op);
}

LogicalResult
CaptureAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                    CaptureKind kind, llvm::StringRef name, int64_t decl,
                    llvm::StringRef op) {
  if (name.empty())
    return emitError() << "a capture needs the C name of its variable";
  if (decl < 0)
    return emitError() << "the capture of '" << name
                       << "' has a negative decl id";
  if (kind == CaptureKind::Reduction) {
    if (!isReductionOp(op))
      return emitError() << "the reduction '" << name
                         << "' has an unknown combine '" << op << "'";
  } else if (kind == CaptureKind::ArrayReduction) {
    if (!llvm::is_contained({"add", "mul", "and", "or", "xor"}, op))
      return emitError() << "the array reduction '" << name
                         << "' has an unknown combine '" << op << "'";
  } else if (kind == CaptureKind::Induction) {
    // A constant other than 0, or a C variable with an optional `-`.
    int64_t step;
    StringRef var = op.starts_with("-") ? op.drop_front() : op;
    bool isVar =
        !var.empty() && (isalpha(var[0]) || var[0] == '_') &&
        llvm::all_of(var, [](char c) { return isalnum(c) || c == '_'; });
    if (!isVar && (op.getAsInteger(10, step) || step == 0))
      return emitError() << "the induction '" << name
                         << "' has no step other than 0 or a variable, but '"
                         << op << "'";
  } else if (!op.empty()) {
    return emitError() << "only a reduction capture has a combine, not the "
                       << stringifyCaptureKind(kind) << " '" << name << "'";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// TaskOp
//===----------------------------------------------------------------------===//

Operation *TaskOp::getLoop() {
  Block &b = getBody().front();
  return b.empty() ? nullptr : &b.front();
}

std::optional<CaptureKind> TaskOp::getCopiedCapture() {
  std::optional<CaptureKind> found;
  for (Attribute a : getCaptures()) {
    CaptureKind k = cast<CaptureAttr>(a).getKind();
    if (k == CaptureKind::ArrayReduction)
      return k;
    if (k == CaptureKind::PrivateCopy)
      found = k;
  }
  return found;
}

bool TaskOp::hasErrorPaths() { return getLoop()->hasAttr("weft.error_paths"); }

LogicalResult TaskOp::verify() {
  Block &b = getBody().front();
  if (b.getOperations().size() != 1)
    return emitOpError("must hold exactly one loop, not ")
           << b.getOperations().size() << " ops";
  Operation *loop = &b.front();
  llvm::StringRef kind = loop->getName().getStringRef();
  if (kind != "affine.for" && kind != "scf.for")
    return emitOpError("must hold a counted loop (affine.for or scf.for), not ")
           << kind;
  auto id = loop->getAttrOfType<IntegerAttr>("weft.loop_id");
  if (!id || id.getInt() != (int64_t)getLoopId())
    return emitOpError("loop_id ")
           << getLoopId() << " does not match the loop it holds ("
           << (id ? std::to_string(id.getInt()) : std::string("none")) << ")";
  if (getName().empty())
    return emitOpError("needs the name of the C function to outline into");
  if ((int64_t)getMinTrip() < 1)
    return emitOpError("min_trip must be at least 1, not ") << getMinTrip();
  if (getWorkPerIter().convertToDouble() < 0)
    return emitOpError("work_per_iter cannot be negative");
  llvm::DenseSet<int64_t> seen;
  int counters = 0;
  for (Attribute a : getCaptures()) {
    auto c = cast<CaptureAttr>(a);
    if (!seen.insert(c.getDecl()).second)
      return emitOpError("captures '") << c.getName() << "' twice";
    counters += c.getKind() == CaptureKind::Counter;
  }
  if (counters > 1)
    return emitOpError("has more than one counter capture");
  if (auto a = getAfter();
      a && *a != "none" && *a != "chunkwise" && *a != "barrier")
    return emitOpError("after must be none, chunkwise or barrier, not '")
           << *a << "'";
  if (getAfter() && !getRegionLeader())
    return emitOpError("has `after` but no region_leader");
  for (Attribute g : getGuards()) {
    auto d = dyn_cast<DictionaryAttr>(g);
    if (!d ||
        (!(d.getAs<DictionaryAttr>("a") && d.getAs<DictionaryAttr>("b")) &&
         !(d.getAs<ArrayAttr>("cond") && d.getAs<ArrayAttr>("what")) &&
         !d.getAs<DictionaryAttr>("rows")))
      return emitOpError("guards must be dictionaries with sides 'a' and 'b', "
                         "conditions 'cond' and 'what', or a table's 'rows'");
  }
  if (auto intent = getIntent())
    if (*intent != "compute" && *intent != "memory")
      return emitOpError("intent must be 'compute' or 'memory', not '")
             << *intent << "'";
  if (auto shape = getShape()) {
    if (*shape != "uniform" && *shape != "linear")
      return emitOpError("shape must be 'uniform' or 'linear', not '")
             << *shape << "'";
    if (*shape == "linear" && (!getCost0() || !getCost1()))
      return emitOpError("a linear shape needs cost0 and cost1");
  }
  return success();
}
