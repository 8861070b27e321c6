//! Native hook calls: names and arguments checked against the registry.

use super::*;

impl Checker {
    pub(super) fn hook(&mut self, scope: &Scope, call: &NativeCall) -> Option<HookCall> {
        let Some(h) = native::find(&call.name.text) else {
            let known: Vec<String> = native::REGISTRY
                .iter()
                .map(|h| h.name.to_string())
                .collect();
            self.unknown("native hook", &call.name, &known);
            return None;
        };
        let spec = &native::REGISTRY[h];
        let fail = |problem: String, span: Span| CheckError::HookArgs {
            hook: spec.name.to_string(),
            span,
            problem,
            signature: spec.signature(),
        };
        if call.args.len() != spec.params.len() {
            self.err(fail(
                format!(
                    "takes {} argument{}, given {}",
                    spec.params.len(),
                    if spec.params.len() == 1 { "" } else { "s" },
                    call.args.len()
                ),
                call.span,
            ));
            return None;
        }
        let mut args = Vec::new();
        for (a, ps) in call.args.iter().zip(spec.params) {
            let v = match (ps.ty, a) {
                (ParamType::Int, ast::NativeArg::Int(v, _)) => Some(ArgValue::Int(*v)),
                (ParamType::Cell, ast::NativeArg::Ident(n)) => {
                    scope.board.cell(&n.text).map(ArgValue::Cell)
                }
                (ParamType::Piece, ast::NativeArg::Ident(n)) => {
                    scope.kinds.get_index_of(&n.text).map(ArgValue::Kind)
                }
                (ParamType::Directions, ast::NativeArg::Ident(n)) => self
                    .dir_word(scope, &n.text, 0)
                    .ok()
                    .map(|ds| ArgValue::Dirs(ds.iter().fold(0u16, |m, &d| m | 1 << d))),
                _ => None,
            };
            match v {
                Some(v) => args.push(v),
                None => {
                    let found = match a {
                        ast::NativeArg::Int(..) => "a number".to_string(),
                        ast::NativeArg::Str(..) => "a quoted string".to_string(),
                        ast::NativeArg::Ident(n) => match ps.ty {
                            ParamType::Cell if looks_like_cell(&n.text) => {
                                format!("`{}`, which is not on the board", n.text)
                            }
                            ParamType::Piece => format!("`{}`, which is not a piece", n.text),
                            _ => format!("the name `{}`", n.text),
                        },
                    };
                    self.err(fail(
                        format!("`{}` must be {}, found {found}", ps.name, ps.ty.describe()),
                        a.span(),
                    ));
                    return None;
                }
            }
        }
        Some(HookCall { hook: h, args })
    }
}
